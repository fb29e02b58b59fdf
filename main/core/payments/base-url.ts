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

/**
 * Checks an environment's base URL before any call (D5) and returns it without a trailing
 * slash, so paths can be appended as they appear in the spec.
 */
export function validateBaseUrl(input: string, field = 'baseUrl'): Result<string> {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field,
        message: `${field} is not a valid URL.`,
        text: { key: 'field.url' },
      },
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field,
        message: `${field} must start with https://.`,
        text: { key: 'field.httpsUrl' },
      },
    };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field,
        message: `${field} must use https:// (plain http is allowed only for loopback hosts such as the local sandbox).`,
        text: { key: 'field.httpsUrl' },
      },
    };
  }
  if (url.username || url.password || url.search || url.hash) {
    return {
      ok: false,
      error: {
        kind: 'validation',
        field,
        message: `${field} must not carry credentials, a query or a fragment.`,
        text: { key: 'field.urlExtras' },
      },
    };
  }
  return { ok: true, data: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}
