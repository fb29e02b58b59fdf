import type { Result } from '../../../shared/contract';
import { importLedger } from './ledger';
import { applyOverride, guessMapping, kindFor, shapeKey } from './mapping';
import { rememberedMapping } from './mapping-store';
import type { PreparedLedger, ReconcileRequest } from './run-model';

/**
 * Reads the ledger's rows with the mapping to use: `--map` over the one remembered for this
 * header shape, over the guess. Nothing is looked up yet; the bad rows are known here.
 */
export async function prepareLedger(
  dataDir: string,
  request: ReconcileRequest,
): Promise<Result<PreparedLedger>> {
  const { header } = request.table;
  const shape = shapeKey(header);
  const remembered = await rememberedMapping(dataDir, shape);
  const guess = guessMapping(header, request.kind);
  const useRemembered =
    remembered !== null && (request.kind === undefined || remembered.kind === request.kind);
  const mapping = applyOverride(
    header,
    useRemembered ? remembered.mapping : guess.mapping,
    request.map ?? {},
  );
  if (!mapping.ok) return mapping;
  const kind = kindFor(
    mapping.data,
    request.kind ?? (useRemembered ? remembered.kind : (guess.kind ?? undefined)),
  );
  if (!kind.ok) return kind;
  const imported = importLedger(request.table, mapping.data, kind.data);
  return {
    ok: true,
    data: {
      request,
      kind: kind.data,
      mapping: mapping.data,
      shape,
      entries: imported.entries,
      badRows: imported.badRows,
      decimalSeparator: imported.decimalSeparator,
    },
  };
}
