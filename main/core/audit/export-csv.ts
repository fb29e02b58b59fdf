import type { AuditEntryView, AuditIds } from '../../../shared/contract';
import { buildCsv, type CsvBuildOptions, type CsvCell } from '../csv';

/**
 * The columns a finance auditor reads, in order; `outcome` is what the line says, `state` where the
 * operation stands now. `amount` and `currency` answer "how much" without reading `summary`;
 * `settled_by` says who settled the operation, and `maker` and `approvers` who asked for a move the
 * team approved and who approved it (`; ` between them), on each of its lines; empty for others.
 */
export const AUDIT_CSV_HEADERS = [
  'seq',
  'time',
  'type',
  'environment',
  'environment_kind',
  'environment_id',
  'user',
  'settled_by',
  'maker',
  'approvers',
  'action',
  'ids',
  'amount',
  'currency',
  'idempotency_key',
  'reason',
  'summary',
  'outcome',
  'state',
  'resolution',
  'error_kind',
  'service_code',
  'http_status',
  'status',
  'note',
  'hash',
] as const;

const pairs = (record: AuditIds | Record<string, string | number | boolean> | undefined): string =>
  Object.entries(record ?? {})
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('; ');

function row(view: AuditEntryView): CsvCell[] {
  return [
    view.seq,
    view.time,
    view.type,
    view.environment?.name,
    view.environment?.kind,
    view.environment?.id,
    view.osUser,
    view.settledBy,
    view.madeBy,
    view.approvedBy?.join('; '),
    view.action,
    pairs(view.ids),
    view.amount,
    view.currency,
    view.idempotencyKey,
    view.reason,
    pairs(view.summary),
    view.result,
    view.state,
    view.resolutionMethod,
    view.errorKind,
    view.serviceCode,
    view.httpStatus,
    view.status,
    view.note,
    view.hash,
  ];
}

/** Journal lines as CSV (csv.ts: RFC 4180, formula injection neutralised). */
export function auditCsv(views: readonly AuditEntryView[], options: CsvBuildOptions = {}): string {
  return buildCsv(AUDIT_CSV_HEADERS, views.map(row), options);
}
