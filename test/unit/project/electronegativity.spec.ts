import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../../support/built-app';

/**
 * The verdict step of the Electronegativity scan in .ci/run (.ci/electronegativity/accepted.mjs):
 * what fails the build and what is accepted. The scanner itself runs in CI (its own lockfile,
 * installed there); here its runner's answer is played with the real findings it reports for our
 * build.
 */

interface Finding {
  id: string;
  severity: string;
  confidence: string;
  file: string;
  line: number;
  sample: string;
}
interface Verdict {
  ok: boolean;
  failing: Finding[];
  accepted: Array<Finding & { reason: string }>;
  belowThreshold: Finding[];
  unparsedFiles: string[];
}
interface AcceptedModule {
  ACCEPTED: Array<{ id: string; file: RegExp; sample: RegExp; reason: string }>;
  judge(findings: Finding[], unparsedFiles: string[]): Verdict;
  readScan(
    result: unknown,
    scannedRoot: string,
  ): { findings: Finding[]; unparsedFiles: string[]; checks: number };
}

const modulePath = join(repositoryRoot, '.ci', 'electronegativity', 'accepted.mjs');
let accepted: AcceptedModule;

test.beforeAll(async () => {
  accepted = (await import(pathToFileURL(modulePath).href)) as AcceptedModule;
});

/** The folder scan.mjs hands the runner (its staged copy of out/). */
const STAGING = '/tmp/paydesk-electronegativity-x';

/** One issue as the scanner's runner answers it (its programmatic API). */
const issue = (id: string, severity: string, file: string, sample: string | null) => ({
  id,
  severity: { name: severity, value: 0 },
  confidence: { name: 'FIRM', value: 1 },
  file,
  location: { line: 10, column: 2 },
  sample,
  description: 'text',
  manualReview: false,
});
const answer = (issues: unknown[], errors: unknown[] = []) => ({
  globalChecks: 8,
  atomicChecks: 34,
  errors,
  issues,
});

/** The HIGH/MEDIUM findings the scanner reports for our build (scan of out/, this commit). */
const OUR_ANSWER = answer([
  issue('CSP_GLOBAL_CHECK', 'LOW', 'N/A', null),
  issue('CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'main/index.js', '    const window = new BrowserWindow({'),
  issue('SANDBOX_JS_CHECK', 'MEDIUM', 'main/index.js', '    const window = new BrowserWindow({'),
  issue('AUXCLICK_JS_CHECK', 'MEDIUM', 'main/index.js', '    const window = new BrowserWindow({'),
  issue('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js', '    await shell.openExternal(url);'),
  issue(
    'OPEN_EXTERNAL_JS_CHECK',
    'MEDIUM',
    'main/index.js',
    'data: { opened: await context.openExternal(arg.url) }',
  ),
  issue(
    'OPEN_EXTERNAL_JS_CHECK',
    'MEDIUM',
    'renderer/assets/PaymentDetails-C4LD8f91.js',
    'function gt({ url: e }) { s = E({ call: (e, t) => e.openExternal({ url: t }), onSuccess: (e) => {} }) }',
  ),
  issue(
    'PROTOCOL_HANDLER_JS_CHECK',
    'MEDIUM',
    'main/index.js',
    '  return app.isPackaged && app.setAsDefaultProtocolClient("paydesk");',
  ),
  issue(
    'CSP_GLOBAL_CHECK',
    'LOW',
    'renderer/index.html',
    "default-src 'none'; style-src 'self' 'unsafe-inline'",
  ),
]);

const verdictOf = (result: unknown): Verdict => {
  const scan = accepted.readScan(result, STAGING);
  return accepted.judge(scan.findings, scan.unparsedFiles);
};

test('our build: every HIGH/MEDIUM finding is accepted with its reason, LOW ones are only shown', () => {
  const verdict = verdictOf(OUR_ANSWER);
  expect(verdict.failing).toEqual([]);
  expect(verdict.accepted).toHaveLength(7);
  expect(verdict.belowThreshold.map((finding) => finding.id)).toEqual([
    'CSP_GLOBAL_CHECK',
    'CSP_GLOBAL_CHECK',
  ]);
  expect(verdict.ok).toBe(true);
});

test('anything else at MEDIUM or HIGH fails: another window, another openExternal, node integration', () => {
  const verdict = verdictOf(
    answer([
      issue(
        'CONTEXT_ISOLATION_JS_CHECK',
        'HIGH',
        'main/index.js',
        'const popup = new BrowserWindow(options);',
      ),
      issue('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js', 'shell.openExternal(link.href);'),
      issue('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'renderer/assets/Other-abc.js', 'e.openExternal({ url: t })'),
      issue('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'preload/index.js', 'shell.openExternal(url)'),
      issue('NODE_INTEGRATION_JS_CHECK', 'HIGH', 'main/index.js', 'nodeIntegration: true'),
      issue('PROTOCOL_HANDLER_JS_CHECK', 'MEDIUM', 'main/index.js', 'app.setAsDefaultProtocolClient(scheme)'),
    ]),
  );
  expect(verdict.failing.map((finding) => `${finding.id} ${finding.file}`)).toEqual([
    'CONTEXT_ISOLATION_JS_CHECK main/index.js',
    'OPEN_EXTERNAL_JS_CHECK main/index.js',
    'OPEN_EXTERNAL_JS_CHECK renderer/assets/Other-abc.js',
    'OPEN_EXTERNAL_JS_CHECK preload/index.js',
    'NODE_INTEGRATION_JS_CHECK main/index.js',
    'PROTOCOL_HANDLER_JS_CHECK main/index.js',
  ]);
  expect(verdict.ok).toBe(false);
});

test('a bundle the scanner could not parse fails the scan (its checks did not run); a tolerable warning does not', () => {
  const verdict = verdictOf(
    answer(
      [],
      [
        {
          file: `${STAGING}/main/index.js`,
          message: 'Unknown node type ClassPrivateProperty.',
          tolerable: false,
        },
        { file: `${STAGING}/renderer/assets/a.js`, message: 'recovered', tolerable: true },
      ],
    ),
  );
  expect(verdict.unparsedFiles).toEqual(['main/index.js: Unknown node type ClassPrivateProperty.']);
  expect(verdict.ok).toBe(false);
});

test("an answer the scan cannot read, or one that ran no checks, throws instead of passing (the scanner's CSV once came out overwritten and passed with 0 findings)", () => {
  const unreadable: unknown[] = [
    undefined,
    'issue, severity, confidence, filename, location, sample, description, url\n',
    { errors: [] },
    answer([{ ...issue('X_CHECK', 'HIGH', 'main/index.js', 'x'), severity: 'HIGH' }]),
    answer([{ ...issue('X_CHECK', 'HIGH', 'main/index.js', 'x'), location: undefined }]),
    { ...answer([]), atomicChecks: 0 },
  ];
  for (const result of unreadable) {
    expect(() => accepted.readScan(result, STAGING), JSON.stringify(result)).toThrow(/cannot read/);
  }
});

test('every accepted exception has a comment next to its source pointing back to the list', () => {
  for (const entry of accepted.ACCEPTED) {
    const source = /^([\w/.-]+\.tsx?)/.exec(entry.reason)?.[1];
    expect(source, entry.reason).toBeDefined();
    const text = readFileSync(join(repositoryRoot, source ?? ''), 'utf8');
    expect(text, source).toContain('.ci/electronegativity/accepted.mjs');
    expect(text, source).toContain(entry.id);
  }
});
