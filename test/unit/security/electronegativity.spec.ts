import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../packaging/built-app';

/**
 * The verdict step of the Electronegativity scan in .ci/run (.ci/electronegativity/accepted.mjs):
 * what fails the build and what is accepted. The scanner itself runs in CI (its own lockfile,
 * installed there); here its CSV is played with the real lines it reports for our build.
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
  parseFindings(csv: string): Finding[];
}

const modulePath = join(repositoryRoot, '.ci', 'electronegativity', 'accepted.mjs');
let accepted: AcceptedModule;

test.beforeAll(async () => {
  accepted = (await import(pathToFileURL(modulePath).href)) as AcceptedModule;
});

const HEADER = 'issue, severity, confidence, filename, location, sample, description, url\n';
const row = (id: string, severity: string, file: string, sample: string): string =>
  `${id},"${severity}","FIRM","${file}","10:2","${sample.replaceAll('"', '""')}","text",https://example.invalid/${id}\n`;

/** The HIGH/MEDIUM lines the scanner reports for our build (scan of out/, this commit). */
const OUR_FINDINGS =
  HEADER +
  row('CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'main/index.js', '    const window = new BrowserWindow({') +
  row('SANDBOX_JS_CHECK', 'MEDIUM', 'main/index.js', '    const window = new BrowserWindow({') +
  row('AUXCLICK_JS_CHECK', 'MEDIUM', 'main/index.js', '    const window = new BrowserWindow({') +
  row('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js', '    await shell.openExternal(url);') +
  row(
    'OPEN_EXTERNAL_JS_CHECK',
    'MEDIUM',
    'main/index.js',
    'data: { opened: await context.openExternal(arg.url) }',
  ) +
  row(
    'OPEN_EXTERNAL_JS_CHECK',
    'MEDIUM',
    'renderer/assets/DepositCreateScreen-CoZ5oKzS.js',
    'function gt({ url: e }) { s = E({ call: (e, t) => e.openExternal({ url: t }), onSuccess: (e) => {} }) }',
  ) +
  row(
    'CSP_GLOBAL_CHECK',
    'LOW',
    'renderer/index.html',
    "default-src 'none'; style-src 'self' 'unsafe-inline'",
  );

test('our build: every HIGH/MEDIUM finding is accepted with its reason, LOW ones are only shown', () => {
  const verdict = accepted.judge(accepted.parseFindings(OUR_FINDINGS), []);
  expect(verdict.failing).toEqual([]);
  expect(verdict.accepted).toHaveLength(6);
  expect(verdict.belowThreshold.map((finding) => finding.id)).toEqual(['CSP_GLOBAL_CHECK']);
  expect(verdict.ok).toBe(true);
});

test('anything else at MEDIUM or HIGH fails: another window, another openExternal, node integration', () => {
  const verdict = accepted.judge(
    accepted.parseFindings(
      HEADER +
        row(
          'CONTEXT_ISOLATION_JS_CHECK',
          'HIGH',
          'main/index.js',
          'const popup = new BrowserWindow(options);',
        ) +
        row('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js', 'shell.openExternal(link.href);') +
        row(
          'OPEN_EXTERNAL_JS_CHECK',
          'MEDIUM',
          'renderer/assets/Other-abc.js',
          'e.openExternal({ url: t })',
        ) +
        row('NODE_INTEGRATION_JS_CHECK', 'HIGH', 'main/index.js', 'nodeIntegration: true'),
    ),
    [],
  );
  expect(verdict.failing.map((finding) => finding.id)).toEqual([
    'CONTEXT_ISOLATION_JS_CHECK',
    'OPEN_EXTERNAL_JS_CHECK',
    'OPEN_EXTERNAL_JS_CHECK',
    'NODE_INTEGRATION_JS_CHECK',
  ]);
  expect(verdict.ok).toBe(false);
});

test('a bundle the scanner could not parse fails the scan (its checks did not run)', () => {
  const verdict = accepted.judge([], ['main/index.js: Unknown node type ClassPrivateProperty.']);
  expect(verdict.ok).toBe(false);
});

test('the CSV reader keeps commas, quotes and line ends inside quoted samples', () => {
  const [finding] = accepted.parseFindings(
    HEADER + 'X_CHECK,"MEDIUM","TENTATIVE","a, b.js","3:1","say ""hi"", then\nmore","d",u\r\n',
  );
  expect(finding).toEqual({
    id: 'X_CHECK',
    severity: 'MEDIUM',
    confidence: 'TENTATIVE',
    file: 'a, b.js',
    line: 3,
    sample: 'say "hi", then\nmore',
  });
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
