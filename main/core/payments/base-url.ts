import type { Result } from '../../../shared/contract';

/** D5: loopback hosts may use plain HTTP (the local sandbox); everything else must be HTTPS. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}

const invalid = (
  field: string,
  message: string,
  key: 'field.url' | 'field.httpsUrl' | 'field.urlExtras' | 'field.urlPath',
) => ({
  ok: false as const,
  error: { kind: 'validation' as const, field, message, text: { key } },
});

/**
 * Checks an environment's base URL before any call (D5) and returns it in one spelling: the
 * origin alone, host in lower case without a trailing dot. The service's paths are the same in
 * every environment and start with /v3 (spec, "Versioning"), so a path beyond the root is refused:
 * `https://host/v3` would send every call to /v3/v3/… and a 404 there proves nothing.
 */
export function validateBaseUrl(input: string, field = 'baseUrl'): Result<string> {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return invalid(field, `${field} is not a valid URL.`, 'field.url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return invalid(field, `${field} must start with https://.`, 'field.httpsUrl');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return invalid(
      field,
      `${field} must use https:// (plain http is allowed only for loopback hosts such as the local sandbox).`,
      'field.httpsUrl',
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    return invalid(field, `${field} must not carry credentials, a query or a fragment.`, 'field.urlExtras');
  }
  if (url.pathname.replace(/\/+$/, '') !== '') {
    return invalid(
      field,
      `${field} must be the service's address alone (like https://api.example.com), without a path such as ${url.pathname}: the console adds /v3/… itself.`,
      'field.urlPath',
    );
  }
  const host = url.hostname.replace(/\.$/, '');
  return { ok: true, data: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}` };
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * The origin that names a service account (D19): scheme, lower-case host without a trailing dot,
 * every loopback spelling (`localhost`, 127.0.0.0/8, `::1`) as one, and the port always written.
 * Null for what is not an http(s) URL.
 */
export function accountOrigin(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const hostname = url.hostname.replace(/\.$/, '').toLowerCase();
  const host = isLoopbackHost(hostname) ? 'loopback' : hostname;
  return `${url.protocol}//${host}:${url.port || DEFAULT_PORTS[url.protocol]}`;
}
