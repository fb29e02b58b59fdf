/**
 * Electronegativity findings we accept, one entry per place in the built app, each with why.
 *
 * The tool's own suppression (an `eng-disable` comment on the flagged line) cannot work on the
 * built out/: the bundler drops line comments and moves block comments to lines of their own.
 * So the exceptions are matched here instead, precisely: check id, file and a piece of the
 * flagged line. Anything else at MEDIUM or HIGH fails the scan. Each entry has a comment next to
 * the source it concerns, pointing back here.
 */

/** @typedef {{ id: string, severity: string, confidence: string, file: string, line: number, sample: string }} Finding */
/** @typedef {{ id: string, file: RegExp, sample: RegExp, reason: string }} Acceptance */

/** Severities that fail the scan unless accepted (LOW and INFORMATIONAL are printed only). */
export const FAILING_SEVERITIES = new Set(['HIGH', 'MEDIUM']);

/** @type {Acceptance[]} */
export const ACCEPTED = [
  ...['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'AUXCLICK_JS_CHECK'].map((id) => ({
    id,
    file: /^main\/index\.js$/,
    sample: /new BrowserWindow\(\{$/,
    reason:
      'main/electron/window.ts: the webPreferences come from webPreferencesFor() (HARDENED_WEB_PREFERENCES in ' +
      'policy.ts: contextIsolation, sandbox, disableBlinkFeatures Auxclick); the scanner cannot follow the call. ' +
      'test/unit/security/checklist.spec.ts asserts the values this factory passes.',
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
      "main/core/console/service.ts: the runtime's own port (matched by name), reached only after the https and " +
      'redirect-URL allow-list just above it.',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^renderer\/assets\/DepositCreateScreen-[\w-]+\.js$/,
    sample: /\.openExternal\(\{ url: /,
    reason:
      'renderer/src/features/deposit-create/DepositAnswer.tsx: window.paydesk.openExternal (the bridge, matched ' +
      'by name); main decides whether anything opens.',
  },
];

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
 * Parses the tool's CSV output (RFC 4180: quoted fields, doubled quotes) into findings.
 *
 * @param {string} text
 * @returns {Finding[]}
 */
export function parseFindings(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...records] = rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const names = (header ?? []).map((name) => name.trim());
  const column = (/** @type {string[]} */ cells, /** @type {string} */ name) =>
    cells[names.indexOf(name)] ?? '';
  return records.map((cells) => ({
    id: column(cells, 'issue').trim(),
    severity: column(cells, 'severity').trim(),
    confidence: column(cells, 'confidence').trim(),
    file: column(cells, 'filename').trim(),
    line: Number(column(cells, 'location').split(':')[0]),
    sample: column(cells, 'sample'),
  }));
}
