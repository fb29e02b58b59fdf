/**
 * Electronegativity over the built app (out/main, out/preload, out/renderer), failing on any
 * HIGH or MEDIUM finding that accepted.mjs does not list, and on any file it cannot parse.
 *
 * Usage (after `npm ci --prefix .ci/electronegativity` and `npm run build`):
 *   node .ci/electronegativity/scan.mjs [out-dir]
 *
 * The scanner's parser (Babel 7 with an old AST walker) stops at class private fields (`#x`),
 * which our main bundle uses; a file it cannot parse is silently left unchecked. So the bundles
 * are scanned from a staged copy whose syntax TypeScript lowers to ES2020 (private fields become
 * WeakMaps; same code otherwise, comments kept), and named .js: the scanner skips .cjs and .mjs
 * files without a word. The shipped bundles are not changed.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { judge, readScan } from './accepted.mjs';

const here = import.meta.dirname;
const repository = resolve(here, '..', '..');
const outDir = resolve(process.argv[2] ?? join(repository, 'out'));
const requireFromRepository = createRequire(join(repository, 'package.json'));
/** @type {typeof import('typescript')} */
const ts = requireFromRepository('typescript');
const electronVersion = /** @type {{ version: string }} */ (requireFromRepository('electron/package.json'))
  .version;

const staging = mkdtempSync(join(tmpdir(), 'paydesk-electronegativity-'));
try {
  for (const part of ['main', 'preload', 'renderer']) {
    cpSync(join(outDir, part), join(staging, part), { recursive: true });
  }
  for (const entry of readdirSync(staging, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(c|m)?js$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const lowered = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: {
        target: ts.ScriptTarget.ES2020,
        module: entry.name.endsWith('.cjs') ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
        allowJs: true,
      },
      fileName: entry.name.replace(/\.(c|m)?js$/, '.js'),
    });
    // The scanner reads .js, .jsx, .ts, .tsx, .html, .htm and .json only: the preload's
    // index.cjs would be skipped without a word. Staged as .js (reported as preload/index.js).
    rmSync(file);
    writeFileSync(file.replace(/\.(c|m)js$/, '.js'), lowered.outputText);
  }

  // The scanner fetches its translations and Electron's release list with got 11, whose retry
  // after a failed request can throw from a timer once the request has settled (got#1489):
  // offline, as CI is, that killed the scan under Node 26. The scanner gets the same got with
  // retries off, so a fetch fails once and the scanner's own offline fallback runs.
  const requireFromScanner = createRequire(join(here, 'package.json'));
  const gotPath = createRequire(requireFromScanner.resolve('@doyensec/electronegativity')).resolve('got');
  const got = requireFromScanner(gotPath);
  const gotWithoutRetry = got.extend({ retry: { limit: 0 } });
  gotWithoutRetry.default = gotWithoutRetry;
  requireFromScanner.cache[gotPath].exports = gotWithoutRetry;

  // The runner in this process (the package's main export): its answer as objects, and its
  // parse errors, which the CLI does not print when it writes a file (readScan in accepted.mjs).
  const run = createRequire(join(here, 'package.json'))('@doyensec/electronegativity');
  const scan = readScan(
    await run(
      {
        input: staging,
        isSarif: false,
        customScan: [],
        excludeFromScan: [],
        isRelative: true,
        isVerbose: false,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    ),
    staging,
  );
  const verdict = judge(scan.findings, scan.unparsedFiles);

  const show = (/** @type {import('./accepted.mjs').Finding} */ finding) =>
    `${finding.severity.padEnd(6)} ${finding.id} ${finding.file}:${finding.line}  ${finding.sample.trim().slice(0, 100)}`;
  console.log(
    `Electronegativity 1.10.3 over ${relative(repository, outDir) || outDir} (Electron ${electronVersion}, ${scan.checks} checks)`,
  );
  for (const finding of verdict.belowThreshold) console.log(`  below threshold: ${show(finding)}`);
  for (const finding of verdict.accepted)
    console.log(`  accepted:        ${show(finding)}\n                   why: ${finding.reason}`);
  for (const file of verdict.unparsedFiles) console.log(`  NOT PARSED (its checks did not run): ${file}`);
  for (const finding of verdict.failing) console.log(`  FINDING:         ${show(finding)}`);
  console.log(
    verdict.ok
      ? `no HIGH or MEDIUM finding left (${verdict.accepted.length} accepted, ${verdict.belowThreshold.length} below threshold)`
      : `FAILED: ${verdict.failing.length} HIGH/MEDIUM finding(s) not accepted, ${verdict.unparsedFiles.length} file(s) not parsed`,
  );
  process.exitCode = verdict.ok ? 0 : 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
}
