import type { JsonValue } from '../../../../shared/contract';
import { canonicalStatus } from '../../lib/status';
import { parseServiceTime } from '../../lib/service-time';

/**
 * Whether a deposit's payment instructions may still be shown to be paid (the QR, the digitable
 * line or Pix code, the bank details, the payer's link). Pure: unit-tested in Node.
 *
 * Two accounts, and the first to say "over" wins: the deposit's status as the service last sent it,
 * and its expiration date on the service's clock (the console's clock plus the offset it measured).
 * The status catches what the clock cannot (the sandbox's time travel moves the service's business
 * clock only; a deposit cancelled early), the date what a status read long ago cannot.
 */

/** The statuses in which a deposit still waits for its payer (D9: a new HOSTED one is CREATED, a ONE_SHOT one PENDING). */
const AWAITING_PAYMENT: ReadonlySet<string> = new Set(['CREATED', 'PENDING']);

export type Payability =
  | { payable: true }
  /** Its expiration date has passed on the service's clock, or the service says EXPIRED. */
  | { payable: false; reason: 'expired' }
  /**
   * Any other status (paid, cancelled, in review, one this console does not know): nobody is to
   * pay it, so nothing payable is shown. `status` as the service wrote it.
   */
  | { payable: false; reason: 'closed'; status: string };

export function depositPayability({
  status,
  expirationDate,
  serviceNowMs,
}: {
  /** The deposit's status from the service; undefined when not read (a create answer). */
  status?: string | undefined;
  /** payment_info.expiration_date: `yyyy-MM-dd HH:mm:ss`, UTC, the service's clock. */
  expirationDate?: string | undefined;
  /** Now on the service's clock (epoch ms): the console's clock plus ClockStatus.offsetMs. */
  serviceNowMs: number;
}): Payability {
  if (status !== undefined) {
    const canonical = canonicalStatus('deposit', status);
    if (canonical === 'EXPIRED') return { payable: false, reason: 'expired' };
    if (canonical === null || !AWAITING_PAYMENT.has(canonical)) {
      return { payable: false, reason: 'closed', status };
    }
  }
  const expiresAt = expirationDate === undefined ? null : parseServiceTime(expirationDate);
  if (expiresAt !== null && expiresAt <= serviceNowMs) return { payable: false, reason: 'expired' };
  return { payable: true };
}

/** The fields of a create answer a payer pays with: the instructions and the link to pay at. */
const PAYABLE_ANSWER_FIELDS = ['redirect_url'] as const;
const PAYABLE_INFO_FIELDS = ['metadata', 'secondary_metadata'] as const;

/**
 * A create answer (its raw JSON) without what a payer pays with, for showing it once the deposit
 * is no longer payable: a raw view must not hand out the code the page withholds.
 */
export function withoutPayableFields(raw: JsonValue): JsonValue {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const kept: { [key: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((PAYABLE_ANSWER_FIELDS as readonly string[]).includes(key)) continue;
    if (key === 'payment_info' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      kept[key] = Object.fromEntries(
        Object.entries(value).filter(
          ([field]) => !(PAYABLE_INFO_FIELDS as readonly string[]).includes(field),
        ),
      );
    } else {
      kept[key] = value;
    }
  }
  return kept;
}
