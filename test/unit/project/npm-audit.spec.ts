import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../../support/built-app';

/**
 * The verdict of the npm audit step in .ci/run (.ci/npm-audit.mjs): a high or critical advisory
 * in the production tree fails; an audit endpoint that does not answer is told apart from a
 * finding (npm exits 1 for both). Reports in npm 11's `--json` shapes.
 */

type AuditVerdict =
  | { kind: 'clean' | 'findings'; counts: Record<string, number>; failing: string[] }
  | { kind: 'unreachable'; reason: string };

let judgeAudit: (output: string) => AuditVerdict;

test.beforeAll(async () => {
  const module = (await import(pathToFileURL(join(repositoryRoot, '.ci', 'npm-audit.mjs')).href)) as {
    judgeAudit: typeof judgeAudit;
  };
  judgeAudit = module.judgeAudit;
});

const report = (vulnerabilities: Record<string, { severity: string }>): string => {
  const counts: Record<string, number> = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 };
  for (const { severity } of Object.values(vulnerabilities)) counts[severity] = (counts[severity] ?? 0) + 1;
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { ...counts, total: Object.keys(vulnerabilities).length } },
  });
};

test('a high or critical advisory in what ships is a finding', () => {
  const verdict = judgeAudit(report({ fastify: { severity: 'high' }, qrcode: { severity: 'moderate' } }));
  expect(verdict).toMatchObject({ kind: 'findings', failing: ['high fastify'] });
  expect(judgeAudit(report({ zod: { severity: 'critical' } }))).toMatchObject({ kind: 'findings' });
});

test('moderate and low advisories are shown but pass', () => {
  expect(judgeAudit(report({ qrcode: { severity: 'moderate' }, pino: { severity: 'low' } }))).toMatchObject({
    kind: 'clean',
    failing: [],
    counts: { moderate: 1, low: 1 },
  });
  expect(judgeAudit(report({}))).toMatchObject({ kind: 'clean' });
});

test('an audit endpoint that does not answer is not a finding, and says why', () => {
  const verdict = judgeAudit(
    JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    }),
  );
  expect(verdict).toEqual({
    kind: 'unreachable',
    reason:
      'HTTP 405: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  });
  expect(judgeAudit('npm error something else')).toMatchObject({ kind: 'unreachable' });
});
