import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm run build`: the electron-vite build of the app and the CLI bundle (what electron-builder packs), made once per test worker
 * into a private temp folder: the shared out/ is rebuilt by other suites and by developers at any
 * time, so tests that read bundles must not read it.
 */

export const repositoryRoot = join(import.meta.dirname, '..', '..');

export interface BuiltApp {
  /** The private out/ folder: main/, preload/, renderer/, cli/. */
  outDir: string;
  /** Every file under outDir, relative to it, with forward slashes. */
  files: string[];
  read(path: string): Promise<string>;
}

let building: Promise<BuiltApp> | undefined;

async function build(): Promise<BuiltApp> {
  const outDir = join(await mkdtemp(join(tmpdir(), 'paydesk-built-')), 'out');
  const cli = join(repositoryRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  await promisify(execFile)(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: repositoryRoot,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  // The rest of `npm run build`: the command line's bundle, into <outDir>/cli as into out/cli.
  await promisify(execFile)(
    process.execPath,
    [join(repositoryRoot, 'scripts', 'build-cli.mjs'), '--outDir', join(outDir, 'cli')],
    { cwd: repositoryRoot },
  );
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
  return { outDir, files, read: (path) => readFile(join(outDir, path), 'utf8') };
}

/** The build, started by the first caller in this worker and shared by the rest. */
export function builtApp(): Promise<BuiltApp> {
  building ??= build();
  return building;
}
