import { randomBytes } from 'node:crypto';
import {
  EMBEDDED_SANDBOX_BASE_URL,
  PRODUCTION_COLOR,
  type ConsoleError,
  type EnvironmentColor,
  type EnvironmentKind,
  type EnvironmentProfile,
  type MessageText,
  type Result,
} from '../../../shared/contract';
import { accountOrigin, validateBaseUrl } from '../payments/base-url';
import { DEFAULT_COLORS } from './schema';

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

export const fail = (
  kind: ConsoleError['kind'],
  message: string,
  field?: string,
  text?: MessageText,
): { ok: false; error: ConsoleError } => ({
  ok: false,
  error: {
    kind,
    message,
    ...(field === undefined ? {} : { field }),
    ...(text === undefined ? {} : { text }),
  },
});

/** `https://api.example.com/v3` and `HTTPS://API.example.com:443/v3/` compare equal. */
function normalisedUrl(baseUrl: string): string {
  const checked = validateBaseUrl(baseUrl);
  return checked.ok ? checked.data : baseUrl;
}

/**
 * Where credentials may go: the URL origin (scheme, host name and port). A move to another
 * origin is a move to another host for the credentials.
 */
export function credentialOrigin(baseUrl: string): string | null {
  try {
    const origin = new URL(baseUrl).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The stored base URL of a profile of this kind, or why the input cannot be one. */
export function baseUrlFor(kind: EnvironmentKind, input: string | undefined): Result<string> {
  if (kind === 'local-sandbox') {
    if (input === undefined || input === EMBEDDED_SANDBOX_BASE_URL)
      return { ok: true, data: EMBEDDED_SANDBOX_BASE_URL };
    return fail(
      'validation',
      'A local sandbox profile always uses the embedded sandbox; its base URL cannot be set.',
      'baseUrl',
      { key: 'environment.sandboxBaseUrl' },
    );
  }
  if (input === undefined)
    return fail('validation', `A base URL is required for a ${kind} environment.`, 'baseUrl', {
      key: 'environment.baseUrlRequired',
    });
  return validateBaseUrl(input, 'baseUrl');
}

/** Production is always red; red belongs to production alone, so nothing else can look like it. */
export function colorFor(
  kind: EnvironmentKind,
  input: EnvironmentColor | undefined,
): Result<EnvironmentColor> {
  if (kind === 'production') {
    if (input === undefined || input === PRODUCTION_COLOR) return { ok: true, data: PRODUCTION_COLOR };
    return fail('validation', `A production environment is always ${PRODUCTION_COLOR}.`, 'color', {
      key: 'environment.productionColor',
    });
  }
  if (input === PRODUCTION_COLOR) {
    return fail('validation', `${PRODUCTION_COLOR} is reserved for production environments.`, 'color', {
      key: 'environment.colorReserved',
    });
  }
  return { ok: true, data: input ?? DEFAULT_COLORS[kind] };
}

/** The rules that involve other profiles: unique names, one local sandbox, production apart from testing. */
export function checkAgainstOthers(
  candidate: EnvironmentProfile,
  others: readonly EnvironmentProfile[],
): Result<void> {
  const name = candidate.name.toLocaleLowerCase();
  if (others.some((other) => other.name.trim().toLocaleLowerCase() === name)) {
    return fail('validation', `Another environment is already named "${candidate.name}".`, 'name', {
      key: 'environment.nameTaken',
      params: { name: candidate.name },
    });
  }
  if (candidate.kind === 'local-sandbox' && others.some((other) => other.kind === 'local-sandbox')) {
    return fail('validation', 'There is already a local sandbox environment.', 'kind', {
      key: 'environment.sandboxExists',
    });
  }
  // One service, one kind (D19): a testing profile never reaches production's service, whatever
  // the spelling (case, a trailing dot, the default port, another loopback name).
  const opposite: EnvironmentKind | undefined =
    candidate.kind === 'production' ? 'testing' : candidate.kind === 'testing' ? 'production' : undefined;
  const url = normalisedUrl(candidate.baseUrl);
  const origin = accountOrigin(candidate.baseUrl);
  const clash = others.find((other) => other.kind === opposite && accountOrigin(other.baseUrl) === origin);
  if (clash) {
    return fail(
      'validation',
      `A production environment cannot share its base URL with a testing environment ("${clash.name}" uses ${url}).`,
      'baseUrl',
      { key: 'environment.sharedBaseUrl', params: { name: clash.name, url } },
    );
  }
  return { ok: true, data: undefined };
}

export const isNonEmpty = <T>(items: T[]): items is [T, ...T[]] => items.length > 0;

/** Never fall onto production by surprise: the sandbox first, then a testing profile. */
export function successorOf(remaining: readonly [EnvironmentProfile, ...EnvironmentProfile[]]): string {
  return (
    remaining.find((env) => env.kind === 'local-sandbox') ??
    remaining.find((env) => env.kind === 'testing') ??
    remaining[0]
  ).id;
}

export function newEnvironmentId(name: string, taken: ReadonlySet<string>): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'env';
  // A random tail, so an id never comes back for a different profile after a removal.
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}
