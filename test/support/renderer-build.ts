import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { parseAst } from 'vite';

/**
 * The renderer, built ONCE for every worker of a run (and reused by later runs while its sources
 * are unchanged). The build goes to `out/e2e/renderer-<hash of its inputs>`, a folder that never
 * changes once there, so parallel workers, and other runs in the same checkout, can serve it while
 * another build runs; a lock folder makes one process build while the others wait.
 */

const root = join(import.meta.dirname, '..', '..');
const buildRoot = join(root, 'out', 'e2e');
const BUILD_TIMEOUT_MS = 240_000;
const STALE_LOCK_MS = 10 * 60_000;
const POLL_MS = 250;
/** Older builds are removed once they have not been written for this long (another run may still serve them). */
const KEEP_OLD_BUILDS_MS = 6 * 60 * 60_000;

/** What the build reads: the renderer's sources, the contract, the Vite config and build/, the lock file. */
const INPUTS = [
  'renderer',
  'shared',
  'electron.vite.config.ts',
  'build',
  'package-lock.json',
  'main/web/build-renderer.ts',
];

async function filesOf(path: string): Promise<string[]> {
  const absolute = join(root, path);
  const info = await stat(absolute).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return [absolute];
  const entries = await readdir(absolute, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function rendererInputsHash(): Promise<string> {
  const files = (await Promise.all(INPUTS.map(filesOf))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(relative(root, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** `npm run web -- --build-only` in a child process: Vite stays out of the test worker. */
function runBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        join(root, 'main', 'web', 'cli.ts'),
        '--build-only',
        '--renderer-dir',
        outDir,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], timeout: BUILD_TIMEOUT_MS },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`The renderer build failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}

async function pruneOldBuilds(keep: string): Promise<void> {
  const entries = await readdir(buildRoot, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(buildRoot, entry.name);
    if (
      path === keep ||
      !entry.isDirectory() ||
      !entry.name.startsWith('renderer-') ||
      entry.name.endsWith('.lock')
    )
      continue;
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > KEEP_OLD_BUILDS_MS)
      await rm(path, { recursive: true, force: true });
  }
}

/** The folder of a complete renderer build for the current sources; builds it when missing. */
export async function ensureRendererBuilt(): Promise<string> {
  const hash = await rendererInputsHash();
  const target = join(buildRoot, `renderer-${hash}`);
  const lock = `${target}.lock`;
  await mkdir(buildRoot, { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT_MS + 30_000;

  while (!(await exists(join(target, 'index.html')))) {
    if (Date.now() > deadline) throw new Error(`Waited too long for the renderer build in ${target}`);
    let owner = false;
    try {
      await mkdir(lock);
      owner = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!owner) {
      // Someone else builds; a lock left by a killed run is taken over once it is old.
      const info = await stat(lock).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rmdir(lock).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    try {
      if (await exists(join(target, 'index.html'))) break;
      const staging = `${target}.tmp-${process.pid}`;
      await rm(staging, { recursive: true, force: true });
      await runBuild(staging);
      // The rename makes the build appear whole or not at all.
      await rename(staging, target);
      await pruneOldBuilds(target);
    } finally {
      await rmdir(lock).catch(() => undefined);
    }
  }
  return target;
}

/**
 * The scripts the built page compiles at start, as paths inside the build (`assets/…`): those its
 * index.html names (the module script, any modulepreloads) and every module they import
 * statically, however deep. `read` answers a file of the build by that path. Lazy chunks (dynamic
 * imports) are not start-up scripts.
 */
export async function startUpScriptPaths(read: (path: string) => Promise<string>): Promise<string[]> {
  const paths: string[] = [];
  const modules: string[] = [];
  for (const tag of (await read('index.html')).match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const address = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!(isScript || isPreload) || !address) continue;
    const path = address.replace(/^\.?\//, '');
    paths.push(path);
    if (isPreload || /type="module"/.test(tag)) modules.push(path);
  }
  for (let next = modules.shift(); next !== undefined; next = modules.shift()) {
    for (const imported of staticImports(next, await read(next))) {
      if (paths.includes(imported)) continue;
      paths.push(imported);
      modules.push(imported);
    }
  }
  return paths;
}

/** The modules `code` (the module at `path` in the build) imports or re-exports from statically. */
function staticImports(path: string, code: string): string[] {
  const specifiers: string[] = [];
  for (const statement of parseAst(code).body) {
    if (
      (statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportAllDeclaration' ||
        statement.type === 'ExportNamedDeclaration') &&
      typeof statement.source?.value === 'string'
    )
      specifiers.push(statement.source.value);
  }
  // The build names its chunks relative to the importer (`./react-dom-….js`), all in one folder.
  return specifiers.map((specifier) => posix.join(posix.dirname(path), specifier));
}
