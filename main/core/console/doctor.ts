import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type {
  ConsoleError,
  CredentialSet,
  DoctorCheck,
  DoctorReport,
  DoctorVerdict,
  Result,
} from '../../../shared/contract';
import type { PaymentsClient } from '../payments';
import type { EnvironmentConnection } from './connections';
import { listPaymentMethods } from '../payments/payment-methods';

/**
 * The credential doctor: one harmless, read-only call per credential set, and a verdict for each
 * with one sentence of advice.
 *   readOnly: the payment methods of a country;
 *   signed:   the status of a deposit id that cannot exist: 404 means the key and secret are good;
 *   cashout:  the status of an external id nobody uses: 412/509 means login, pass and secret are good.
 * Each answer that counts as proof is proof only if a stranger is refused: the same call goes out
 * first with made-up credentials, and when it is not refused (a base URL that is not the payments
 * service, which answers 404 to anything), the set's verdict is `unproven`, never WORKS.
 */

/** The largest safe integer: no service hands out such a deposit id. */
const DOCTOR_DEPOSIT_ID = 9007199254740991;
const DOCTOR_COUNTRY = 'BR';

const ADVICE: Record<Exclude<DoctorVerdict, 'not_configured'>, string> = {
  ok: 'Nothing to do: the service accepted these credentials.',
  bad_key:
    'The service does not know this key (or this login and pass): check that it belongs to this environment and is active, then set it again.',
  bad_signature:
    'The key is known but the signature did not match: set the secret again, exactly as the merchant panel shows it.',
  clock_skew:
    "This computer's clock is too far from the service's: turn on automatic time setting (NTP), then run the doctor again.",
  ip_not_allowed:
    "The service refused this computer's IP address: add it to the allow-list in the merchant panel (Settings, API Access).",
  host_unreachable:
    'The service could not be reached: check the base URL, the network, a VPN or a proxy, then run the doctor again.',
  tls_failure:
    "The secure connection failed: check the base URL's host name, and that no proxy replaces the service's certificate.",
  keychain_unavailable:
    'The OS keychain could not be read: unlock it (or install a Secret Service on Linux), then run the doctor again.',
  unexpected_answer:
    'The service answered something the doctor did not expect: check the base URL points at the payments service, and try again later.',
  unproven:
    'The same call with made-up credentials got the same answer, so it proves nothing: check that the base URL is the payments service address, then run the doctor again.',
};

interface Probe {
  set: CredentialSet;
  /** The exact request, from the base URL. */
  describe(baseUrl: string): string;
  call(client: PaymentsClient): Promise<Result<unknown>>;
  /** The answer that proves the credentials good although it is an error. */
  meansGood(error: ConsoleError): boolean;
}

const doctorExternalId = (): string => `paydesk-doctor-${randomBytes(6).toString('hex')}`;

const PROBES: readonly Probe[] = [
  {
    set: 'signed',
    describe: (baseUrl) => `GET ${baseUrl}/v3/deposits/${DOCTOR_DEPOSIT_ID}`,
    call: (client) => client.getDeposit(DOCTOR_DEPOSIT_ID),
    meansGood: (error) => error.kind === 'not_found' && error.httpStatus === 404,
  },
  {
    set: 'readOnly',
    describe: (baseUrl) => `GET ${baseUrl}/v3/payment_methods?country=${DOCTOR_COUNTRY}`,
    call: (client) => client.read(listPaymentMethods, DOCTOR_COUNTRY),
    meansGood: () => false,
  },
  {
    set: 'cashout',
    describe: (baseUrl) => `POST ${baseUrl}/v3/cashout/status (an external_id nobody uses)`,
    call: (client) => client.getCashoutStatus({ externalId: doctorExternalId() }),
    meansGood: (error) => error.kind === 'not_found' && (error.code === 509 || error.httpStatus === 412),
  },
];

/** The verdict of one probe's answer. */
function verdictOf(probe: Pick<Probe, 'meansGood'>, result: Result<unknown>): DoctorVerdict {
  if (result.ok) return 'ok';
  const { error } = result;
  if (probe.meansGood(error)) return 'ok';
  // The cashout endpoints answer 201 in their own {code, message} shape, which the client's
  // table does not map to ip_not_allowed: the code says it.
  if (error.kind === 'ip_not_allowed' || error.code === 201) return 'ip_not_allowed';
  switch (error.kind) {
    case 'credentials_missing':
      return 'not_configured';
    case 'keychain_unavailable':
      return 'keychain_unavailable';
    case 'auth':
      return 'bad_key';
    case 'signature':
      return 'bad_signature';
    case 'clock_skew':
      return 'clock_skew';
    case 'network':
    case 'timeout':
      return 'host_unreachable';
    case 'tls':
      return 'tls_failure';
    default:
      return 'unexpected_answer';
  }
}

function adviceFor(verdict: DoctorVerdict, result: Result<unknown>): string {
  if (verdict !== 'not_configured') return ADVICE[verdict];
  const missing = !result.ok && result.error.kind === 'credentials_missing' ? result.error.message : '';
  return `${missing} Set the missing fields in this environment's credentials, then run the doctor again.`.trim();
}

/** Whether made-up credentials were refused (or no answer came, which proves nothing either way). */
async function strangerRefused(probe: Probe, connection: EnvironmentConnection): Promise<boolean> {
  const stranger = connection.strangerClient();
  if (!stranger.ok) return true;
  const answer = await probe.call(stranger.data);
  return !(answer.ok || probe.meansGood(answer.error));
}

async function check(probe: Probe, connection: EnvironmentConnection): Promise<DoctorCheck> {
  const started = performance.now();
  const result = await probe.call(connection.client);
  const latencyMs = Math.round(performance.now() - started);
  let verdict = verdictOf(probe, result);
  if (verdict === 'ok' && !(await strangerRefused(probe, connection))) verdict = 'unproven';
  const error = result.ok ? undefined : result.error;
  // Latency means something only when a request went out and came back.
  const answered = result.ok || error?.httpStatus !== undefined;
  return {
    set: probe.set,
    verdict,
    advice: adviceFor(verdict, result),
    probe: probe.describe(connection.baseUrl),
    ...(error?.httpStatus !== undefined && { httpStatus: error.httpStatus }),
    ...(result.ok && { httpStatus: 200 }),
    ...(error?.code !== undefined && { code: error.code }),
    ...(answered && { latencyMs }),
  };
}

/** Runs the three probes (in parallel: they are independent reads) and reports the clock after them. */
export async function runDoctor(connection: EnvironmentConnection, now: () => number): Promise<DoctorReport> {
  const checks = await Promise.all(PROBES.map((probe) => check(probe, connection)));
  return {
    environmentId: connection.profile.id,
    checkedAt: new Date(now()).toISOString(),
    checks,
    clock: connection.client.clock.status(),
  };
}
