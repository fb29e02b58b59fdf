import { test, expect } from '@playwright/test';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { builtApp, repositoryRoot as root } from '../../support/built-app';

/**
 * electron-builder itself packs the app: the Linux `dir` target, from a temp project holding a
 * fresh build (out/), our package.json and lockfile and the repository's node_modules. Two things
 * need what these machines lack and are replaced for this run only (listed in the J report as
 * unverified here): the Electron binary, for which a stand-in file carrying Electron's fuse wire
 * (sentinel, version, the eight fuses at Electron's defaults) is given as electronDist, and the
 * native rebuild (it downloads Electron's headers or keytar's prebuilt binary), switched off.
 * Everything else is the real code path: the configuration, node module collection, the file
 * globs, asar, asarUnpack, and @electron/fuses flipping the fuses in the binary it ships.
 */

const requireBuilder = createRequire(join(root, 'node_modules', 'app-builder-lib', 'package.json'));
const { build, Platform } = requireBuilder('electron-builder') as {
  build(options: object): Promise<string[]>;
  Platform: { LINUX: { createTarget(target: string): unknown } };
};
const { getConfig } = requireBuilder('./out/util/config/config.js') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ): Promise<Record<string, unknown>>;
};
const asar = requireBuilder('@electron/asar') as {
  listPackage(archive: string, options?: object): string[];
  extractFile(archive: string, file: string): Buffer;
};

/** Electron's fuse wire as its binaries carry it: sentinel, wire version 1, length, states. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyLoadAppFromAsar,
// BrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges: Electron's defaults.
const ELECTRON_DEFAULT_FUSES = '10110001';
const standInElectron = (): Buffer =>
  Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 1\n', 'latin1'),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES, 'latin1'),
    Buffer.from('\n', 'latin1'),
  ]);

let workspace: string;
let executable: string;
let resources: string;
let packed: string[];
let builtFiles: string[];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const built = await builtApp();
  builtFiles = built.files;
  workspace = mkdtempSync(join(tmpdir(), 'paydesk-pack-'));
  const project = join(workspace, 'project');
  cpSync(built.outDir, join(project, 'out'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(project, file));
  cpSync(join(root, 'resources'), join(project, 'resources'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'junction');
  const electronDist = join(workspace, 'electron-dist');
  mkdirSync(electronDist);
  writeFileSync(join(electronDist, 'electron'), standInElectron());
  chmodSync(join(electronDist, 'electron'), 0o755);

  const config = await getConfig(root, 'electron-builder.config.ts', null);
  const output = join(workspace, 'dist');
  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      ...config,
      directories: { ...(config.directories as object), output },
      electronDist,
      electronVersion: (
        JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
      npmRebuild: false,
    },
  });
  resources = join(output, 'linux-unpacked', 'resources');
  executable = join(output, 'linux-unpacked', 'paydesk');
  packed = asar
    .listPackage(join(resources, 'app.asar'), { isPack: false })
    .map((file) => file.replaceAll('\\', '/'));
});

test.afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

test('app.asar: package.json and the three bundles, nothing else of the project', () => {
  const own = packed.filter((file) => !file.startsWith('/node_modules'));
  const files = own.filter((file) => /\.\w+$/.test(file)).sort();
  expect(files).toEqual(
    [
      '/package.json',
      ...builtFiles
        .filter((file) => /^(main|preload|renderer)\//.test(file) && !file.endsWith('.map'))
        .map((f) => `/out/${f}`),
    ].sort(),
  );
  const manifest = JSON.parse(
    asar.extractFile(join(resources, 'app.asar'), 'package.json').toString('utf8'),
  ) as {
    main: string;
    homepage?: string;
    desktopName?: string;
  };
  expect(files).toContain(`/${manifest.main}`);
  // extraMetadata reached the packed manifest (the deb target needs the homepage).
  expect(manifest).toMatchObject({ homepage: 'https://paydesk.invalid/', desktopName: 'paydesk.desktop' });
});

test('node_modules: what the main bundle imports, no devDependency, no TypeScript', async () => {
  const modules = new Set(
    packed
      .filter((file) => file.startsWith('/node_modules/'))
      .map((file) => {
        const parts = file.split('/');
        return parts[2]?.startsWith('@') ? `${parts[2]}/${parts[3] ?? ''}` : (parts[2] ?? '');
      }),
  );
  for (const needed of ['keytar', 'zod', 'electron-store', 'qrcode', 'fastify'])
    expect(modules.has(needed), needed).toBe(true);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const shippedDevDependencies = Object.keys(manifest.devDependencies).filter((name) => modules.has(name));
  expect(shippedDevDependencies).toEqual([]);
  // The renderer's libraries are bundled by Vite into out/renderer: shipping them again as
  // node_modules would only grow the archive.
  const bundledLibraries = [
    'react',
    'react-dom',
    '@mantine/core',
    '@mantine/charts',
    'recharts',
    '@tanstack/react-query',
    'i18next',
  ];
  for (const bundled of bundledLibraries) expect(modules.has(bundled), bundled).toBe(false);
  expect(modules.has('typescript')).toBe(false);
  expect(modules.has('electron')).toBe(false);
});

test("keytar's addon sits outside the archive, where the OS loader can open it", () => {
  expect(packed).toContain('/node_modules/keytar/build/Release/keytar.node');
  const unpacked = join(
    resources,
    'app.asar.unpacked',
    'node_modules',
    'keytar',
    'build',
    'Release',
    'keytar.node',
  );
  // An ELF/Mach-O/PE file, not a placeholder: the bytes the archive points to.
  expect(readFileSync(unpacked).length).toBeGreaterThan(10_000);
});

test('resources/cli: the command-line bundle, its wrapper, keytar and better-sqlite3, runnable there by a system Node', async () => {
  const cli = join(resources, 'cli');
  const shipped = readdirSync(cli, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(cli, join(entry.parentPath, entry.name)).split('\\').join('/'));
  const bundle = builtFiles.filter((file) => file.startsWith('cli/') && !file.endsWith('.map'));
  expect(bundle).toContain('cli/index.js');
  expect(shipped).toEqual(
    expect.arrayContaining([
      ...bundle.map((file) => file.slice('cli/'.length)),
      'paydesk',
      'node_modules/keytar/lib/keytar.js',
      'node_modules/keytar/build/Release/keytar.node',
      'node_modules/better-sqlite3/lib/index.js',
      `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`,
    ]),
  );
  expect(shipped.filter((file) => file.endsWith('.map'))).toEqual([]);
  const run = promisify(execFile);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const shown = await run(process.execPath, [join(cli, 'index.js'), '--version'], { cwd: cli, env: {} });
  expect(shown.stdout).toBe(`${manifest.version}\n`);
  // The bundle's external packages resolve beside it and their addons load under Node.
  const keytar = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const k = await import('keytar'); console.log(typeof k.default.getPassword)",
    ],
    { cwd: cli, env: {} },
  );
  expect(keytar.stdout).toBe('function\n');
  // The record index's SQLite resolves there too, and its prebuilt addon opens a database.
  const sqlite = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: Database } = await import('better-sqlite3'); console.log(new Database(':memory:').prepare('select 1 as one').get().one)",
    ],
    { cwd: cli, env: {} },
  );
  expect(sqlite.stdout).toBe('1\n');
});

test('the shipped binary has the fuses flipped as configured (read back with @electron/fuses)', async () => {
  const fuses = requireBuilder('@electron/fuses') as {
    getCurrentFuseWire(path: string): Promise<Record<string, number | string>>;
    FuseV1Options: Record<string, number | string>;
  };
  const wire = await fuses.getCurrentFuseWire(executable);
  const state = (name: string): boolean => {
    const index = fuses.FuseV1Options[name];
    return wire[String(index)] === '1'.charCodeAt(0);
  };
  expect({
    runAsNode: state('RunAsNode'),
    enableCookieEncryption: state('EnableCookieEncryption'),
    enableNodeOptionsEnvironmentVariable: state('EnableNodeOptionsEnvironmentVariable'),
    enableNodeCliInspectArguments: state('EnableNodeCliInspectArguments'),
    enableEmbeddedAsarIntegrityValidation: state('EnableEmbeddedAsarIntegrityValidation'),
    onlyLoadAppFromAsar: state('OnlyLoadAppFromAsar'),
    loadBrowserProcessSpecificV8Snapshot: state('LoadBrowserProcessSpecificV8Snapshot'),
    grantFileProtocolExtraPrivileges: state('GrantFileProtocolExtraPrivileges'),
  }).toEqual({
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    grantFileProtocolExtraPrivileges: true,
  });
  // Six of the eight differ from Electron's defaults in the stand-in: the flip really happened.
});
