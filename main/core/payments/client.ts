import type {
  CashoutRef,
  CashoutStatus,
  DepositCreateBody,
  DepositCreated,
  DepositStatus,
  Fetched,
  RefundCreateBody,
  RefundCreated,
  RefundStatus,
  Result,
  SubMerchant,
} from '../../../shared/contract';
import { validateBaseUrl } from './base-url';
import type { CallOptions, ClientContext, Created, CreateOptions, SignedRead } from './calls';
import { cancelCashout, getCashoutStatus } from './cashouts';
import type { ClockListener, ServerClockOptions } from './clock';
import { ServerClock } from './clock';
import type { CredentialsSource } from './credentials';
import { CredentialsReader } from './credentials';
import { createDeposit, getDeposit } from './deposits';
import { createRefund, getRefund } from './refunds';
import { getSubMerchant } from './sub-merchants';
import type { RetryPolicy } from './transport';
import { Transport } from './transport';
import type { Exchange } from './wire';

export interface PaymentsClientOptions {
  /** The environment's base URL: https, or http on a loopback host (D5). */
  baseUrl: string;
  /** A provider called once per call (the keychain, later), or a plain object. */
  credentials: CredentialsSource;
  /** Per attempt; default 15 s. */
  timeoutMs?: number;
  /** Attempts and backoff; default 3 attempts, 300 ms base, 3 s ceiling. */
  retry?: Partial<RetryPolicy>;
  /** Bigger answers are refused as `bad_response`; default 5 MB. */
  maxResponseBytes?: number;
  /** A clock to share, or options for this client's own clock. */
  clock?: ServerClock | ServerClockOptions;
  /** Told when the clock's state changes or its estimate moves (the skew report, D2). */
  onClockChange?: ClockListener;
  /** Only for tests and benchmarks: a wrapper around httpExchange (wire.ts). */
  exchange?: Exchange;
}

/**
 * The payments-service client. Every method checks its input before any call and resolves to a
 * Result; an expected failure never throws.
 */
export class PaymentsClient {
  readonly baseUrl: string;
  /** `clock.status()` for the UI's clock indicator and its guard on mutating actions. */
  readonly clock: ServerClock;
  readonly #context: ClientContext;

  private constructor(baseUrl: string, clock: ServerClock, context: ClientContext) {
    this.baseUrl = baseUrl;
    this.clock = clock;
    this.#context = context;
  }

  /** Refuses a base URL that breaks D5 before anything is sent. */
  static create(options: PaymentsClientOptions): Result<PaymentsClient> {
    const baseUrl = validateBaseUrl(options.baseUrl);
    if (!baseUrl.ok) return baseUrl;
    const clock = options.clock instanceof ServerClock ? options.clock : new ServerClock(options.clock);
    if (options.onClockChange) clock.subscribe(options.onClockChange);
    const transport = new Transport({
      baseUrl: baseUrl.data,
      clock,
      ...(options.exchange && { exchange: options.exchange }),
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.retry && { retry: options.retry }),
      ...(options.maxResponseBytes !== undefined && { maxResponseBytes: options.maxResponseBytes }),
    });
    return {
      ok: true,
      data: new PaymentsClient(baseUrl.data, clock, {
        transport,
        credentials: new CredentialsReader(options.credentials),
      }),
    };
  }

  /** Any signed read of reference data (D4's read-only key where it applies): `read(listStates, 'BR')`. */
  read<Input, Answer>(
    call: SignedRead<Input, Answer>,
    input: Input,
    options?: CallOptions,
  ): Promise<Result<Fetched<Answer>>> {
    return call(this.#context, input, options);
  }

  createDeposit(body: DepositCreateBody, options?: CreateOptions): Promise<Result<Created<DepositCreated>>> {
    return createDeposit(this.#context, body, options);
  }

  getDeposit(depositId: number, options?: CallOptions): Promise<Result<Fetched<DepositStatus>>> {
    return getDeposit(this.#context, depositId, options);
  }

  createRefund(body: RefundCreateBody, options?: CreateOptions): Promise<Result<Created<RefundCreated>>> {
    return createRefund(this.#context, body, options);
  }

  getRefund(refundId: number, options?: CallOptions): Promise<Result<Fetched<RefundStatus>>> {
    return getRefund(this.#context, refundId, options);
  }

  getCashoutStatus(ref: CashoutRef, options?: CallOptions): Promise<Result<Fetched<CashoutStatus>>> {
    return getCashoutStatus(this.#context, ref, options);
  }

  cancelCashout(
    ids: { cashoutId: number; externalId: string },
    options?: CallOptions,
  ): Promise<Result<Fetched<CashoutStatus>>> {
    return cancelCashout(this.#context, ids, options);
  }

  getSubMerchant(subMerchantId: number, options?: CallOptions): Promise<Result<Fetched<SubMerchant>>> {
    return getSubMerchant(this.#context, subMerchantId, options);
  }
}

export const createPaymentsClient = (options: PaymentsClientOptions): Result<PaymentsClient> =>
  PaymentsClient.create(options);
