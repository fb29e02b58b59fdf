import { CASHOUT_STATUS_CODES, DEPOSIT_STATUSES, REFUND_STATUSES } from '../../../shared/contract';

/**
 * The status words finance ledgers use (English, Spanish, Brazilian Portuguese), read as the
 * service's status names. "Paid" is COMPLETED: that is the status that moves money. A word that is
 * not here is refused (the row is listed as bad), never guessed.
 */

/** `Concluído`, `CONCLUIDO`, `concluido ` → `concluido`; `EARLY_RELEASED` → `early released`. */
export function normaliseWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORDS: ReadonlyArray<readonly [status: string, words: readonly string[]]> = [
  [
    'COMPLETED',
    [
      'completed',
      'complete',
      'paid',
      'settled',
      'pago',
      'paga',
      'pagado',
      'pagada',
      'concluido',
      'concluida',
      'completado',
      'completada',
      'liquidado',
      'liquidada',
    ],
  ],
  ['PENDING', ['pending', 'pendente', 'pendiente', 'aguardando', 'en espera', 'em aberto']],
  ['CREATED', ['created', 'criado', 'criada', 'creado', 'creada']],
  ['CANCELLED', ['cancelled', 'canceled', 'cancelado', 'cancelada', 'anulado', 'anulada']],
  ['EXPIRED', ['expired', 'expirado', 'expirada', 'vencido', 'vencida']],
  ['REJECTED', ['rejected', 'rejeitado', 'rejeitada', 'recusado', 'recusada', 'rechazado', 'rechazada']],
  ['DELIVERED', ['delivered', 'entregue', 'entregado', 'entregada']],
  ['FOR REVIEW', ['for review', 'em analise', 'en revision']],
  ['EARLY RELEASED', ['early released', 'liberado antecipadamente', 'liberado anticipadamente']],
  ['ON_HOLD', ['on hold', 'retido', 'retida', 'retenido', 'retenida']],
  ['INCORRECT_DETAILS', ['incorrect details', 'dados incorretos', 'datos incorrectos']],
];

const STATUS_OF_WORD: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  const names = [...DEPOSIT_STATUSES, ...REFUND_STATUSES, ...Object.values(CASHOUT_STATUS_CODES)];
  for (const name of names) map.set(normaliseWord(name), name);
  for (const [status, words] of WORDS) for (const word of words) map.set(word, status);
  return map;
})();

/** The service's status name for a ledger's word; null when the word is not known. */
export function ledgerStatus(text: string): string | null {
  return STATUS_OF_WORD.get(normaliseWord(text)) ?? null;
}
