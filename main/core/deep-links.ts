import {
  APPROVAL_REQUEST_ID,
  DEEP_LINK_SCHEME,
  RECORD_LIMITS,
  type DeepLinkTarget,
} from '../../shared/contract';
import { externalIdSchema, idTextSchema } from './payments';

/**
 * Reads `paydesk://` links (their format: shared/contract/links.ts). A link is text anyone can
 * craft, so it is read strictly: one scheme, one target word, one id in the form the app's own
 * checks accept, and nothing else (no user or password, port, fragment, extra path part or stray
 * query). It only names what to open; opening it stays with the screens, which read the record
 * through the usual checked calls.
 */

export type DeepLinkRefusal =
  | 'not_text'
  | 'too_long'
  /** Anything but printable ASCII: spaces, control characters, raw non-ASCII (send them percent-encoded). */
  | 'invalid_characters'
  | 'other_scheme'
  | 'malformed'
  | 'credentials'
  | 'port'
  | 'fragment'
  | 'unknown_target'
  | 'missing_id'
  /** A path part after the id, or a path on a search. */
  | 'extra_parts'
  | 'not_an_id'
  /** A query on a record link, or a search query other than exactly one `q`. */
  | 'unexpected_query'
  | 'bad_search_text';

export type DeepLinkParse = { ok: true; target: DeepLinkTarget } | { ok: false; refusal: DeepLinkRefusal };

/** Longer than any link the app makes (a search text is at most 200 characters, 600 encoded). */
export const DEEP_LINK_MAX_LENGTH = 1024;

const NUMERIC_KINDS = ['deposit', 'refund', 'cashout', 'sub-merchant'] as const;
type NumericKind = (typeof NUMERIC_KINDS)[number];
const isNumericKind = (word: string): word is NumericKind =>
  (NUMERIC_KINDS as readonly string[]).includes(word);

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const refuse = (refusal: DeepLinkRefusal): DeepLinkParse => ({ ok: false, refusal });

/** Percent-decoding that answers undefined for a broken escape instead of throwing. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * A record id as the app writes it: digits without a leading zero (one spelling per id, so a link
 * and its record map one to one), then the app's own id check (positive, safe integer).
 */
function recordId(segment: string): number | undefined {
  if (!/^[1-9]\d*$/.test(segment)) return undefined;
  const parsed = idTextSchema.safeParse(segment);
  return parsed.success ? parsed.data : undefined;
}

function externalId(segment: string): string | undefined {
  const text = decoded(segment);
  if (text === undefined || CONTROL_CHARACTERS.test(text)) return undefined;
  const parsed = externalIdSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** `q=<text>` and nothing else; `+` is a space, as forms and browsers write it. */
function searchText(query: string): DeepLinkParse {
  const parts = query.split('&');
  const [only] = parts;
  if (parts.length !== 1 || only === undefined || !only.startsWith('q=')) return refuse('unexpected_query');
  const text = decoded(only.slice(2).replace(/\+/g, ' '))?.trim();
  if (
    text === undefined ||
    text === '' ||
    text.length > RECORD_LIMITS.maxSearchText ||
    CONTROL_CHARACTERS.test(text)
  ) {
    return refuse('bad_search_text');
  }
  return { ok: true, target: { kind: 'search', text } };
}

/** Reads a `paydesk://` link into what it names, or the one reason it names nothing. */
export function parseDeepLink(link: unknown): DeepLinkParse {
  if (typeof link !== 'string') return refuse('not_text');
  if (link.length > DEEP_LINK_MAX_LENGTH) return refuse('too_long');
  // Checked on the raw text: a URL parser would drop tabs and line ends and trim spaces silently.
  if (!PRINTABLE_ASCII.test(link)) return refuse('invalid_characters');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(link)?.[1];
  if (scheme === undefined) return refuse('malformed');
  if (scheme.toLowerCase() !== DEEP_LINK_SCHEME) return refuse('other_scheme');
  const rest = link.slice(scheme.length + 1);
  if (!rest.startsWith('//')) return refuse('malformed');
  if (rest.includes('#')) return refuse('fragment');

  const queryAt = rest.indexOf('?');
  const beforeQuery = queryAt === -1 ? rest.slice(2) : rest.slice(2, queryAt);
  const query = queryAt === -1 ? undefined : rest.slice(queryAt + 1);
  const slashAt = beforeQuery.indexOf('/');
  const authority = slashAt === -1 ? beforeQuery : beforeQuery.slice(0, slashAt);
  const path = slashAt === -1 ? '' : beforeQuery.slice(slashAt);
  if (authority.includes('@')) return refuse('credentials');
  if (authority.includes(':')) return refuse('port');
  const word = authority.toLowerCase();

  if (word === 'search') {
    if (path !== '') return refuse('extra_parts');
    return query === undefined ? refuse('bad_search_text') : searchText(query);
  }
  if (!isNumericKind(word) && word !== 'cashout-external' && word !== 'approval') {
    return refuse('unknown_target');
  }
  if (query !== undefined) return refuse('unexpected_query');
  const segments = path.split('/').slice(1);
  const [segment] = segments;
  if (segment === undefined || segment === '') return refuse('missing_id');
  if (segments.length > 1) return refuse('extra_parts');

  if (word === 'cashout-external') {
    const id = externalId(segment);
    return id === undefined ? refuse('not_an_id') : { ok: true, target: { kind: word, externalId: id } };
  }
  if (word === 'approval') {
    return APPROVAL_REQUEST_ID.test(segment)
      ? { ok: true, target: { kind: word, requestId: segment } }
      : refuse('not_an_id');
  }
  const id = recordId(segment);
  if (id === undefined) return refuse('not_an_id');
  switch (word) {
    case 'deposit':
      return { ok: true, target: { kind: word, depositId: id } };
    case 'refund':
      return { ok: true, target: { kind: word, refundId: id } };
    case 'cashout':
      return { ok: true, target: { kind: word, cashoutId: id } };
    case 'sub-merchant':
      return { ok: true, target: { kind: word, subMerchantId: id } };
  }
}

/**
 * The link among a launch's arguments: Windows and Linux start the app (or a second instance,
 * which hands its arguments to the first) with the link as one argument, among Chromium's and
 * Electron's own switches. Only an argument that begins with the scheme counts, so a switch can
 * never be taken for a link; none, or more than one (which link was meant?), is no link. The
 * answer is still to be read by `parseDeepLink`.
 */
export function linkInArguments(argv: readonly unknown[]): string | undefined {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  const links = argv.filter(
    (argument): argument is string =>
      typeof argument === 'string' && argument.slice(0, prefix.length).toLowerCase() === prefix,
  );
  return links.length === 1 ? links[0] : undefined;
}
