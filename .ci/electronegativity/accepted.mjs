/**
 * Electronegativity findings we accept, one entry per place in the built app, each with why.
 *
 * The tool's own suppression (an `eng-disable` comment on the flagged line) cannot work on the
 * built out/: the bundler drops line comments and moves block comments to lines of their own.
 * So the exceptions are matched here instead, precisely: check id, file and a piece of the
 * flagged line. Anything else at MEDIUM or HIGH fails the scan. Each entry has a comment next to
 * the source it concerns, pointing back here.
 */

import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

// The repository's zod (this folder's own node_modules holds only the scanner).
/** @type {typeof import('zod')} */
const { z } = createRequire(join(import.meta.dirname, '..', '..', 'package.json'))('zod');

/** @typedef {{ id: string, severity: string, confidence: string, file: string, line: number, sample: string }} Finding */
/** @typedef {{ id: string, file: RegExp, sample: RegExp, reason: string }} Acceptance */

/** Severities that fail the scan unless accepted (LOW and INFORMATIONAL are printed only). */
const FAILING_SEVERITIES = new Set(['HIGH', 'MEDIUM']);

/**
 * @type {Acceptance[]}
 * @public test/unit/project/electronegativity.spec.ts loads this file by path and reads the list.
 */
export const ACCEPTED = [
  ...['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'AUXCLICK_JS_CHECK'].map((id) => ({
    id,
    file: /^main\/index\.js$/,
    sample: /new BrowserWindow\(\{$/,
    reason:
      'main/electron/window.ts: the webPreferences come from webPreferencesFor() (HARDENED_WEB_PREFERENCES in ' +
      'main/page/policy.ts: contextIsolation, sandbox, disableBlinkFeatures Auxclick); the scanner cannot follow the call. ' +
      'test/integration/security/checklist.spec.ts asserts the values this factory passes.',
  })),
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^main\/index\.js$/,
    sample: /await shell\.openExternal\(url\);$/,
    reason:
      'main/electron/security.ts openExternalHttps: https only (isExternalUrlAllowed), after the core allowed only ' +
      'redirect URLs the service sent in this session (checklist item 15).',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^main\/index\.js$/,
    sample: /await context\.openExternal\(arg\.url\)/,
    reason:
      "main/core/console/shell.ts: the runtime's own port (matched by name), reached only after the https and " +
      'redirect-URL allow-list just above it.',
  },
  {
    id: 'CUSTOM_ARGUMENTS_JS_CHECK',
    file: /^main\/index\.js$/,
    sample: /app\.commandLine\.appendSwitch\("disable-features", withDisabledFeatures\(/,
    reason:
      'main/electron/app-scheme.ts disableChromiumFeatures: the one Chromium switch the app sets; it turns a feature ' +
      "off (main/page/policy.ts DISABLED_CHROMIUM_FEATURES: BackgroundResourceFetch, with which the page's ES modules " +
      'never get their V8 code cache), turns nothing on and takes no outside input.',
  },
  {
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: /^main\/index\.js$/,
    sample: /app\.setAsDefaultProtocolClient\("paydesk"\)/,
    reason:
      'main/electron/link-scheme.ts claimLinkScheme: the app asks for its own paydesk:// scheme, packaged builds ' +
      'only; a link only names a record or search, read strictly by main/core/deep-links.ts, and opening it goes ' +
      'through the same checked reads as a click.',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^renderer\/assets\/PaymentDetails-[\w-]+\.js$/,
    sample: /\.openExternal\(\{ url: /,
    reason:
      'renderer/src/features/deposit-create/PaymentDetails.tsx: window.paydesk.openExternal (the bridge, matched ' +
      'by name); main decides whether anything opens.',
  },
];

const scanResultSchema = z.object({
  atomicChecks: z.number().int().positive(),
  globalChecks: z.number().int().nonnegative(),
  issues: z.array(
    z.object({
      id: z.string().min(1),
      severity: z.object({ name: z.string().min(1) }),
      confidence: z.object({ name: z.string().min(1) }),
      file: z.string().min(1),
      location: z.object({ line: z.number(), column: z.number() }),
      sample: z.string().nullish(),
    }),
  ),
  errors: z.array(z.object({ file: z.string(), message: z.string(), tolerable: z.boolean() })),
});

/**
 * Splits findings into those that fail the scan, those accepted (with their reason) and the
 * rest (below MEDIUM). A file the scanner could not parse fails too: its checks did not run.
 *
 * @param {Finding[]} findings
 * @param {string[]} unparsedFiles
 */
export function judge(findings, unparsedFiles) {
  /** @type {Finding[]} */
  const failing = [];
  /** @type {Array<Finding & { reason: string }>} */
  const accepted = [];
  /** @type {Finding[]} */
  const belowThreshold = [];
  for (const finding of findings) {
    if (!FAILING_SEVERITIES.has(finding.severity)) {
      belowThreshold.push(finding);
      continue;
    }
    const acceptance = ACCEPTED.find(
      (entry) =>
        entry.id === finding.id && entry.file.test(finding.file) && entry.sample.test(finding.sample.trim()),
    );
    if (acceptance) accepted.push({ ...finding, reason: acceptance.reason });
    else failing.push(finding);
  }
  return {
    failing,
    accepted,
    belowThreshold,
    unparsedFiles,
    ok: failing.length === 0 && unparsedFiles.length === 0,
  };
}

/**
 * What the scanner's runner answered (its programmatic API, the package's main export), as
 * findings and the files it could not parse. The runner's own CSV writer races its header against
 * its rows (two unawaited writes to one file), so a CSV can come out truncated or overwritten;
 * the scan no longer reads one. An answer of any other shape throws: the scan must not pass on
 * output it could not read, nor after running no checks.
 *
 * @param {unknown} result the runner's answer
 * @param {string} scannedRoot the folder scanned (the errors name absolute paths)
 * @returns {{ findings: Finding[], unparsedFiles: string[], checks: number }}
 */
export function readScan(result, scannedRoot) {
  const parsed = scanResultSchema.safeParse(result);
  if (!parsed.success)
    throw new Error(`the scanner answered something this script cannot read: ${parsed.error.message}`);
  const { issues, errors, atomicChecks, globalChecks } = parsed.data;
  return {
    findings: issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      line: issue.location.line,
      sample: issue.sample ?? '',
    })),
    unparsedFiles: errors
      .filter((error) => !error.tolerable)
      .map((error) => `${relative(scannedRoot, error.file)}: ${error.message}`),
    checks: atomicChecks + globalChecks,
  };
}
