import type { PaymentsClient, PaymentsClientOptions } from '../../../main/core/payments';
import { createPaymentsClient } from '../../../main/core/payments';
import { CREDENTIALS } from './http-double';

/** A real client pointed at a test double, with tiny backoff so retry tests stay fast. */
export function clientFor(baseUrl: string, overrides: Partial<PaymentsClientOptions> = {}): PaymentsClient {
  const created = createPaymentsClient({
    baseUrl,
    credentials: { ...CREDENTIALS },
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 3_000,
    ...overrides,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.data;
}
