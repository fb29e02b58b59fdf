import type { Result } from '../../../shared/contract';
import type { Suspect } from './entries';
import type { JournalFile } from './journal-file';
import type { JournalView } from './journal-view';
import { parseSpooledBody, type PendingSpool } from './spool';
import { requestIds, type ActionRequests } from './summary';
import { intentIdsIn, suspectFromBytes, suspectFromSpool } from './suspects';

/** What a repair did, for the person who ran it. */
export interface RepairedDamage {
  lines: Array<{ line: number; problem: string; sidecar: string; seq: number }>;
  /** Intents whose own line is lost: listed as unresolved until someone settles them. */
  suspects: Suspect[];
}

interface RepairInput {
  view: JournalView;
  file: JournalFile;
  spool: PendingSpool;
  osUser: string | null;
  reason: string;
  now: Date;
}

/** The time a damaged line still shows, else now. */
const timeIn = (text: string, now: Date): string => {
  const match = /"time"\s*:\s*"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"/.exec(text);
  return match?.[1] !== undefined && !Number.isNaN(Date.parse(match[1])) ? match[1] : now.toISOString();
};

/**
 * Kept requests whose intent line the journal does not have: every unsettled intent has one
 * (spool.ts writes it before the intent line), so these are what a lost intent line may have been.
 */
async function spoolSuspects(view: JournalView, spool: PendingSpool, now: Date): Promise<Suspect[]> {
  const suspects: Suspect[] = [];
  for (const intentId of await spool.intentIds()) {
    if (view.operations.has(intentId)) continue;
    const record = await spool.read(intentId);
    if (!record.ok || record.data === null) continue;
    if (record.data.header) {
      suspects.push(suspectFromSpool(record.data.header));
      continue;
    }
    // A version-1 file knew only the action and key; its plain body still names the target.
    const body = record.data.bodyText === null ? null : parseSpooledBody(record.data.bodyText);
    const ids = body
      ? requestIds(record.data.action, body as unknown as ActionRequests[typeof record.data.action])
      : {};
    suspects.push({
      intentId,
      action: record.data.action,
      environment: null,
      ids,
      idempotencyKey: record.data.idempotencyKey,
      bodySha256: null,
      time: now.toISOString(),
    });
  }
  return suspects;
}

/**
 * For each damaged line nobody repaired: its bytes go to a sidecar file (they stay in the journal
 * too, which is append-only), and a damage entry acknowledges that very line (number and bytes) and
 * lists what it may have been. The first entry also lists kept requests of intents the journal
 * does not know. Answers what was done; refused when nothing is damaged.
 */
export async function repairDamagedLines(input: RepairInput): Promise<Result<RepairedDamage>> {
  const { view, file, spool, osUser, reason, now } = input;
  const open = view.openDamage();
  if (open.length === 0) {
    return {
      ok: false,
      error: {
        kind: 'invalid_state',
        message: 'There is nothing to repair: every line of the journal can be read.',
        text: { key: 'journal.nothingToRepair' },
      },
    };
  }
  const listed = new Set<string>();
  const fromSpool = await spoolSuspects(view, spool, now);
  const result: RepairedDamage = { lines: [], suspects: [] };
  for (const [index, damaged] of open.entries()) {
    const sidecar = await file.writeSidecar('damaged', Buffer.from(`${damaged.text}\n`, 'utf8'));
    if (!sidecar.ok) return sidecar;
    const suspects: Suspect[] = [];
    const add = (suspect: Suspect | null): void => {
      if (suspect === null || listed.has(suspect.intentId) || view.operations.has(suspect.intentId)) return;
      listed.add(suspect.intentId);
      suspects.push(suspect);
    };
    if (index === 0) fromSpool.forEach(add);
    for (const intentId of intentIdsIn(damaged.text)) {
      add(suspectFromBytes(damaged.text, intentId, timeIn(damaged.text, now)));
    }
    const written = await file.append({
      type: 'damage',
      line: damaged.line,
      lineSha256: damaged.lineSha256,
      bytes: Buffer.byteLength(damaged.text, 'utf8'),
      sidecar: sidecar.data,
      problem: damaged.problem.message.slice(0, 500),
      suspects: suspects.slice(0, 100),
      osUser,
      reason,
    });
    if (!written.ok) return written;
    result.lines.push({
      line: damaged.line,
      problem: damaged.problem.message,
      sidecar: sidecar.data,
      seq: written.data.seq,
    });
    result.suspects.push(...suspects);
  }
  return { ok: true, data: result };
}
