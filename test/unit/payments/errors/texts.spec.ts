import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleError, Result } from '../../../../shared/contract';
import { ServerClock } from '../../../../main/core/payments/clock';
import type { Endpoint } from '../../../../main/core/payments/errors';
import { SERVICE_ERROR_TABLE, serviceError } from '../../../../main/core/payments/errors';
import type { RetryMode, ServiceRequest } from '../../../../main/core/payments/transport';
import { Transport } from '../../../../main/core/payments/transport';
import type { Exchange, WireResult } from '../../../../main/core/payments/wire';

/**
 * What main says about a service answer or a failed connection reaches es and pt-BR
 * screens in their language. Every error row, every fallback status and every way the transport
 * fails carries a text key with a real translation, and the parameters its sentence needs.
 */

const localesDir = join(import.meta.dirname, '../../../../renderer/src/i18n/locales');
const LANGUAGES = ['en', 'es', 'pt-BR'] as const;

function groupText(language: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(join(localesDir, language, 'errors.json'), 'utf8')) as {
    text: Record<string, unknown>;
  };
  return file.text;
}
const TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, groupText(language)]));

function textOf(language: (typeof LANGUAGES)[number], key: string): string | undefined {
  let node: unknown = TEXTS[language];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');

/** The error says its meaning in all three languages, translated, with every parameter it names. */
function expectTranslated(error: ConsoleError, what: string): void {
  expect(error.text, `${what}: no text key (main's English would reach the screen)`).toBeDefined();
  const key = error.text?.key ?? '';
  const english = textOf('en', key);
  expect(english?.trim(), `${what}: en text of ${key}`).toBeTruthy();
  for (const language of ['es', 'pt-BR'] as const) {
    const said = textOf(language, key);
    expect(said?.trim(), `${what}: ${language} text of ${key}`).toBeTruthy();
    expect(said, `${what}: ${language} text of ${key} is the English one`).not.toBe(english);
  }
  for (const name of placeholders(english ?? '')) {
    expect(
      error.text?.params?.[name],
      `${what}: ${key} names {{${name}}} but main sends no such parameter`,
    ).not.toBe(undefined);
  }
  // The service's own message and code stay in the details; the English sentence stays for the CLI.
  expect(error.message, `${what}: the English message is kept`).toMatch(/^[A-Z]/);
}

/** An endpoint in the row's code space for the rows not tied to one. */
const endpointOf = (row: (typeof SERVICE_ERROR_TABLE)[number]): Endpoint =>
  row.endpoint ?? (row.codeSpace === 'cashout' ? 'cashout-status' : 'deposit-create');

test('every row of the service error table has a translated text', () => {
  expect(SERVICE_ERROR_TABLE.length).toBeGreaterThan(20);
  for (const row of SERVICE_ERROR_TABLE) {
    const body =
      row.code === undefined ? '' : JSON.stringify({ code: row.code, description: 'service text' });
    const error = serviceError(endpointOf(row), row.httpStatus, body);
    const what = `${row.codeSpace} ${row.httpStatus}/${row.code ?? 'empty'}`;
    expect(error.kind, what).toBe(row.kind);
    expectTranslated(error, what);
    expect(error.text?.params, what).toEqual({
      httpStatus: row.httpStatus,
      ...(row.code !== undefined && { code: row.code }),
    });
    expect(error.serviceMessage, what).toBe(row.code === undefined ? undefined : 'service text');
  }
});

test('every status without a row of its own has a translated text', () => {
  for (const httpStatus of [400, 401, 403, 404, 409, 412, 429, 500, 502, 302]) {
    // A gateway's page: no row describes it, so the status alone decides.
    const error = serviceError('refund-status', httpStatus, '<html>Bad gateway</html>');
    expectTranslated(error, `fallback ${httpStatus}`);
    expect(error.text?.params).toEqual({ httpStatus });
  }
  // A code no table knows falls back on the status too.
  expectTranslated(serviceError('deposit-create', 400, '{"code": 999}'), 'unknown code 999');
});

/** One scripted answer per attempt; `hang` waits until the transport stops the attempt. */
type Scripted = WireResult | 'hang';

function transport(script: Scripted, timeoutMs = 2_000): Transport {
  const exchange: Exchange = (_request, _max, attempt) =>
    script === 'hang'
      ? new Promise((resolve) =>
          attempt.whenStopped(() =>
            resolve({ outcome: 'failed', phase: 'request', error: new Error('stopped') }),
          ),
        )
      : Promise.resolve(script);
  return new Transport({
    baseUrl: 'http://127.0.0.1:9',
    clock: new ServerClock(),
    exchange,
    timeoutMs,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    maxResponseBytes: 1024,
  });
}

function request(retry: RetryMode, signal?: AbortSignal): ServiceRequest {
  const mutating = retry !== 'read';
  return {
    endpoint: mutating ? (retry === 'never' ? 'cashout-cancel' : 'deposit-create') : 'deposit-status',
    method: mutating ? 'POST' : 'GET',
    path: mutating ? '/v3/deposits' : '/v3/deposits/5',
    ...(mutating && { body: '{"amount":10}' }),
    auth: { scheme: 'bearer', readOnlyKey: 'read-only-key' },
    retry,
    ...(retry === 'create' && { idempotency: { key: '3f0c2f59-7f38-4c3b-9a0e-4f4c1a2b3c4d' } }),
    ...(signal && { signal }),
  };
}

const systemError = (code: string): WireResult => ({
  outcome: 'failed',
  phase: 'request',
  error: Object.assign(new Error(code), { code }),
});
const answer = (status: number, body: string): WireResult => ({
  outcome: 'answer',
  status,
  headers: {},
  body: Buffer.from(body),
});

async function failureOf(
  script: Scripted,
  retry: RetryMode,
  options: { timeoutMs?: number; signal?: AbortSignal; unreadable?: boolean } = {},
): Promise<ConsoleError> {
  const read = (): Result<unknown> =>
    options.unreadable
      ? { ok: false, error: { kind: 'bad_response', message: 'The answer does not parse.' } }
      : { ok: true, data: null };
  const result = await transport(script, options.timeoutMs).send(request(retry, options.signal), read);
  if (result.ok) throw new Error('the call was expected to fail');
  return result.error;
}

test('every way the transport fails has a translated text', async () => {
  const aborted = AbortSignal.abort();
  const cases: Array<[string, () => Promise<ConsoleError>, ConsoleError['kind']]> = [
    ['unreachable', () => failureOf(systemError('ECONNREFUSED'), 'read'), 'network'],
    ['connection broke on a read', () => failureOf(systemError('ECONNRESET'), 'read'), 'network'],
    ['tls', () => failureOf(systemError('CERT_HAS_EXPIRED'), 'read'), 'tls'],
    ['timeout', () => failureOf('hang', 'read', { timeoutMs: 50 }), 'timeout'],
    [
      'not built',
      () => failureOf({ outcome: 'failed', phase: 'unsent', error: new Error('bad header') }, 'read'),
      'internal',
    ],
    ['too large', () => failureOf({ outcome: 'too_large', status: 200 }, 'read'), 'bad_response'],
    [
      'accepted, too large',
      () => failureOf({ outcome: 'too_large', status: 201 }, 'create'),
      'outcome_unknown',
    ],
    [
      'accepted, unreadable',
      () => failureOf(answer(201, '{'), 'create', { unreadable: true }),
      'outcome_unknown',
    ],
    ['create, connection broke', () => failureOf(systemError('ECONNRESET'), 'create'), 'outcome_unknown'],
    ['create, no answer in time', () => failureOf('hang', 'create', { timeoutMs: 50 }), 'outcome_unknown'],
    ['cancel, connection broke', () => failureOf(systemError('EPIPE'), 'never'), 'outcome_unknown'],
    ['create, answered 500', () => failureOf(answer(500, ''), 'create'), 'outcome_unknown'],
    [
      'cancelled before sending',
      () => failureOf(answer(200, '{}'), 'read', { signal: aborted }),
      'cancelled',
    ],
    [
      'cancelled after sending',
      async () => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 20);
        return failureOf('hang', 'create', { signal: controller.signal });
      },
      'cancelled',
    ],
  ];
  const keys = new Set<string>();
  for (const [what, fail, kind] of cases) {
    const error = await fail();
    expect(error.kind, what).toBe(kind);
    expectTranslated(error, what);
    keys.add(error.text?.key ?? '');
  }
  // Distinct situations get distinct sentences; only a broken read (said as unreachable) and a
  // broken cancel (said as a broken create) share one with another case.
  expect(keys.size).toBe(cases.length - 2);
});
