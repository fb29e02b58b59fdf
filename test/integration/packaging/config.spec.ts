import { test, expect } from '@playwright/test';
import { chromium } from '@playwright/test';
import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import builderConfig, { macSigning, updateFeed } from '../../../electron-builder.config';
import { DEEP_LINK_SCHEME } from '../../../shared/contract';
import { APP_FOLDER_NAME, CLI_CODE_CACHE_FOLDER_NAME } from '../../../main/core/data-dir';
import { SEEDED_RECORDS, startSandbox } from '../../../main/sandbox';
import { chromiumLaunch } from '../../../playwright.config';
import { cliVariables } from '../../support/cli-variables';
import { builtApp, repositoryRoot as root, type BuiltApp } from '../../support/built-app';

/**
 * electron-builder.config.ts, checked with electron-builder's own code wherever it can run
 * without Electron: its loader and JSON-schema validation, and its file matchers (the functions
 * that decide what goes into app.asar) applied to the repository with a fresh build in out/.
 * The build itself (downloading Electron, @electron/rebuild, signing, flipping the fuses in the
 * binary) cannot run on these machines; the J report lists what only such a machine can check.
 */

// electron-builder's internals (CommonJS, not all typed): loaded as it loads them itself.
const requireBuilder = createRequire(join(root, 'node_modules', 'app-builder-lib', 'package.json'));

type Filter = (file: string, stat: Pick<Stats, 'isDirectory'>) => boolean;
interface FileMatcher {
  readonly from: string;
  readonly to: string;
  createFilter(): Filter;
}
interface DebugLoggerClass {
  new (enabled: boolean): object;
}
const { getConfig, validateConfiguration } = requireBuilder('./out/util/config/config.js') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ): Promise<Record<string, unknown>>;
  validateConfiguration(config: Record<string, unknown>, logger: object): Promise<void>;
};
const { getMainFileMatchers, getNodeModuleFileMatcher, getFileMatchers } = requireBuilder(
  './out/fileMatcher.js',
) as {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: object,
    platformPackager: object,
    outDir: string,
    isElectronCompile: boolean,
  ): FileMatcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: object,
    packager: object,
  ): FileMatcher;
  getFileMatchers(
    config: object,
    name: 'asarUnpack' | 'extraResources',
    destination: string,
    options: {
      macroExpander: (p: string) => string;
      customBuildOptions: object;
      globalOutDir: string;
      defaultSrc: string;
    },
  ): FileMatcher[] | null;
};
const { DebugLogger } = requireBuilder('builder-util') as { DebugLogger: DebugLoggerClass };

const CONFIG_FILE = 'electron-builder.config.ts';
const keepPattern = (pattern: string): string => pattern;
const destination = '/packaged/resources/app';
const outputDir = join(root, 'dist');

/** The configuration as electron-builder's loader hands it to the packer (normalised). */
let loadedConfig: Record<string, unknown>;
test.beforeAll(async () => {
  loadedConfig = await getConfig(root, CONFIG_FILE, null);
});

const packagerInfo = () => ({
  projectDir: root,
  buildResourcesDir: join(root, 'resources'),
  config: loadedConfig,
  isPrepackedAppAsar: false,
  debugLogger: new DebugLogger(false),
});

const asDirectory = { isDirectory: () => true };
const asFile = { isDirectory: () => false };

/**
 * What the "files" globs put into app.asar from the app folder (node_modules aside, which
 * electron-builder collects on its own): the repository as it is, except that out/ is the fresh
 * private build (the shared out/ may be stale or hold other suites' builds).
 */
function packedAppFiles(built: BuiltApp): string[] {
  const [matcher] = getMainFileMatchers(
    root,
    destination,
    keepPattern,
    {},
    { info: packagerInfo() },
    outputDir,
    false,
  );
  if (!matcher) throw new Error('electron-builder made no file matcher for the app folder');
  const filter = matcher.createFilter();
  const included: string[] = [];
  const walk = (absolute: string, realAbsolute: string): void => {
    for (const entry of readdirSync(realAbsolute, { withFileTypes: true })) {
      const path = join(absolute, entry.name);
      const realPath = join(realAbsolute, entry.name);
      if (absolute === root && ['node_modules', '.git', 'out'].includes(entry.name)) continue;
      if (entry.isDirectory()) {
        if (filter(path, asDirectory)) walk(path, realPath);
      } else if (filter(path, asFile)) {
        included.push(relative(root, path).split('\\').join('/'));
      }
    }
  };
  walk(root, root);
  if (filter(join(root, 'out'), asDirectory)) walk(join(root, 'out'), built.outDir);
  return included.sort();
}

test.describe('electron-builder reads and accepts the configuration', () => {
  test('its loader finds the file the package scripts name, and gets this very object', async () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const [name, platform] of [
      ['package', ''],
      ['package:linux', ' --linux'],
      ['package:mac', ' --mac'],
      ['package:win', ' --win'],
    ] as const) {
      expect(scripts[name], name).toBe(
        `npm run build && electron-builder --config ${CONFIG_FILE}${platform} --publish never`,
      );
    }
    // The build makes the CLI bundle too, so every installer carries it.
    expect(scripts.build).toBe('electron-vite build && node scripts/build-cli.mjs');
    // The same object, with "files" in the normalised form the packer works on.
    expect(loadedConfig).toEqual({ ...builderConfig, files: [{ filter: builderConfig.files }] });
  });

  test('its JSON schema validation passes, and does reject a broken configuration', async () => {
    const loaded = loadedConfig;
    await validateConfiguration(loaded, new DebugLogger(false));
    await expect(
      validateConfiguration({ ...loaded, electronFuse: loaded.electronFuses }, new DebugLogger(false)),
    ).rejects.toThrow(/unknown property 'electronFuse'/);
    await expect(
      validateConfiguration({ ...loaded, win: { target: ['nsis'], icn: 'x.png' } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration\.win/);
  });
});

test('identity: productName is the data folder name main/core/data-dir.ts uses, appId is reverse-DNS', () => {
  expect(builderConfig.productName).toBe(APP_FOLDER_NAME);
  expect(builderConfig.appId).toMatch(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9-]*){2,}$/);
});

test('links: the packaged app declares the one scheme `paydesk://` links are written in', () => {
  expect(builderConfig.protocols).toEqual([{ name: 'Paydesk link', schemes: [DEEP_LINK_SCHEME] }]);
});

test('targets: AppImage and deb on Linux, dmg and zip on macOS, nsis on Windows; one icon they all derive from', () => {
  expect(builderConfig.linux?.target).toEqual(['AppImage', 'deb']);
  // The zip is what electron-updater updates a macOS app from; the dmg alone cannot be.
  expect(builderConfig.mac?.target).toEqual(['dmg', 'zip']);
  expect(builderConfig.win?.target).toEqual(['nsis']);
  for (const platform of [builderConfig.linux, builderConfig.mac, builderConfig.win]) {
    expect(platform?.icon).toBe('resources/icon.png');
  }
  // electron-builder needs at least 512×512 to make a macOS icns; the PNG header says 1024×1024.
  const png = readFileSync(join(root, 'resources', 'icon.png'));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
  // electron-builder's deb target refuses to build without a project URL and a maintainer.
  expect(builderConfig.extraMetadata?.homepage).toMatch(/^https:\/\//);
  expect(builderConfig.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^>\s]+>$/);
});

test.describe('release settings: update feed, signing, notarisation', () => {
  // Every secret electron-builder reads for signing, notarising or uploading, as sentinels.
  const SECRETS = {
    CSC_LINK: 'sentinel-csc-link-5d1e',
    CSC_KEY_PASSWORD: 'sentinel-csc-password-9a7b',
    WIN_CSC_LINK: 'sentinel-win-csc-link-c3f0',
    WIN_CSC_KEY_PASSWORD: 'sentinel-win-csc-password-48d2',
    APPLE_API_KEY: 'sentinel-apple-api-key-e6a1',
    APPLE_API_KEY_ID: 'sentinel-apple-api-key-id-0b9c',
    APPLE_API_ISSUER: 'sentinel-apple-issuer-7f35',
    APPLE_ID: 'sentinel-apple-id-2c8e',
    APPLE_APP_SPECIFIC_PASSWORD: 'sentinel-apple-password-61aa',
    APPLE_TEAM_ID: 'sentinel-apple-team-d40f',
    GH_TOKEN: 'sentinel-gh-token-93b7',
  };
  const SECRET_KEYS = /password|cscLink|certificateFile|certificateSha1|token|apiKey|secret/i;

  /** The configuration as electron-builder's loader reads it in a build with exactly `env`. */
  async function configUnder(env: Record<string, string>): Promise<Record<string, unknown>> {
    const loader = join(root, 'node_modules', 'app-builder-lib', 'out', 'util', 'config', 'config.js');
    const script = `require(${JSON.stringify(loader)}).getConfig(${JSON.stringify(root)}, ${JSON.stringify(CONFIG_FILE)}, null).then((c) => process.stdout.write('\\nconfig:' + JSON.stringify(c) + '\\n'))`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), TMPDIR: tmpdir(), ...env },
    });
    // electron-builder logs to stdout too ("loaded configuration"): the object is on its own line.
    const line = stdout.split('\n').find((text) => text.startsWith('config:')) ?? '';
    return JSON.parse(line.slice('config:'.length)) as Record<string, unknown>;
  }

  function keysOf(value: unknown, path = ''): string[] {
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, inner]) => [
      `${path}${key}`,
      ...keysOf(inner, `${path}${key}.`),
    ]);
  }

  test('publishing is off unless PAYDESK_UPDATE_URL is set, and then only to a plain https:// folder', async () => {
    expect(updateFeed({})).toBeNull();
    expect(updateFeed({ PAYDESK_UPDATE_URL: ' ' })).toBeNull();
    expect(await configUnder({})).toMatchObject({ publish: null });
    const feed = updateFeed({ PAYDESK_UPDATE_URL: 'https://updates.example.com/paydesk/' });
    expect(feed).toEqual({ provider: 'generic', url: 'https://updates.example.com/paydesk/' });
    // electron-builder's schema takes it as the publish setting.
    await validateConfiguration({ ...loadedConfig, publish: feed }, new DebugLogger(false));
    for (const refused of [
      'http://updates.example.com/paydesk/',
      'https://user:pass@updates.example.com/paydesk/',
      'https://updates.example.com/paydesk/?token=abc',
      'updates.example.com/paydesk',
    ]) {
      expect(() => updateFeed({ PAYDESK_UPDATE_URL: refused }), refused).toThrow(/plain https:\/\/ URL/);
    }
  });

  test('macOS: notarised only when PAYDESK_NOTARIZE=1, signed with a named identity only when one is given', () => {
    expect(builderConfig.mac?.notarize).toBe(false);
    expect(builderConfig.mac?.identity).toBeUndefined();
    // Apple's credentials alone do not turn notarisation on (electron-builder would, if unset).
    expect(macSigning({ ...SECRETS })).toEqual({ notarize: false });
    expect(macSigning({ PAYDESK_NOTARIZE: '1', PAYDESK_MAC_IDENTITY: 'Paydesk Ltd (TEAM1234)' })).toEqual({
      notarize: true,
      identity: 'Paydesk Ltd (TEAM1234)',
    });
  });

  test('nothing secret in the configuration, even built with every signing secret in the environment', async () => {
    // The repository's configuration: no setting that holds a secret, no key material.
    expect(keysOf(loadedConfig).filter((key) => SECRET_KEYS.test(key))).toEqual([]);
    expect(JSON.stringify(loadedConfig)).not.toMatch(/-----BEGIN|[A-Za-z0-9+/]{200,}/);
    // A release build: every switch on, every secret set. The switches apply; no secret is copied.
    const identity = 'Developer ID Application: Paydesk (TEAM1234)';
    const release = await configUnder({
      ...SECRETS,
      PAYDESK_UPDATE_URL: 'https://updates.example.com/paydesk/',
      PAYDESK_NOTARIZE: '1',
      PAYDESK_MAC_IDENTITY: identity,
    });
    expect(release).toMatchObject({
      publish: { provider: 'generic', url: 'https://updates.example.com/paydesk/' },
      mac: { notarize: true, identity },
    });
    const text = JSON.stringify(release);
    for (const [name, value] of Object.entries(SECRETS)) expect(text, name).not.toContain(value);
    expect(keysOf(release).filter((key) => SECRET_KEYS.test(key))).toEqual([]);
  });
});

test.describe('what goes into app.asar', () => {
  test('exactly package.json and the three bundles of a fresh build, no source maps', async () => {
    const built = await builtApp();
    const expected = [
      'package.json',
      ...built.files.filter((file) => /^(main|preload|renderer)\//.test(file) && !file.endsWith('.map')),
    ].map((file) => (file === 'package.json' ? file : `out/${file}`));
    const packed = packedAppFiles(built);
    expect(packed).toEqual(expected.sort());
    expect(packed).toEqual(
      expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']),
    );
    // package.json's "main" is in it.
    const main = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }).main;
    expect(packed).toContain(main);
  });

  test('nothing of the tests, the web bridge, the sandbox CLI, the sources or the e2e builds', async () => {
    const packed = packedAppFiles(await builtApp());
    const unwanted = packed.filter((file) =>
      /^(test|main|preload|renderer|bin|resources|\.ci|out\/e2e)\/|web-bridge|sandbox\/cli|\.spec\.|\.config\.ts$/.test(
        file,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  test('the main bundle holds no web bridge, sandbox CLI or test code (module markers of the build)', async () => {
    const bundle = await (await builtApp()).read('main/index.js');
    const modules = [...bundle.matchAll(/^\/\/ ((?:main|preload|test|renderer)\/\S+\.tsx?)$/gm)].map(
      (m) => m[1] ?? '',
    );
    // The markers are there (so their absence below means something).
    expect(modules).toEqual(expect.arrayContaining(['main/index.ts', 'main/electron/window.ts']));
    expect(
      modules.filter((module) =>
        /^main\/web\/|^test\/|web-bridge|^main\/sandbox\/cli|^main\/cli\//.test(module),
      ),
    ).toEqual([]);
    const preload = await (await builtApp()).read('preload/index.cjs');
    expect(preload).not.toMatch(/web-bridge|WebSocket/);
  });

  test('production node_modules: every package the main bundle and its chunks import, keytar with its addon; TypeScript left out', async () => {
    const built = await builtApp();
    // The embedded sandbox is a chunk of its own, loaded on first use: its packages count too.
    const sources = await Promise.all(
      built.files.filter((file) => /^main\/.*\.js$/.test(file)).map((file) => built.read(file)),
    );
    const bare = sources.flatMap((source) =>
      [...source.matchAll(/(?:^import[^;]*?from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\))/gm)].map(
        (match) => match[1] ?? match[2] ?? '',
      ),
    );
    const packages = [
      ...new Set(
        bare
          .filter(
            (specifier) =>
              !specifier.startsWith('node:') && !specifier.startsWith('.') && specifier !== 'electron',
          )
          .map((specifier) =>
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          ),
      ),
    ].sort();
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'keytar', 'zod']));
    // Each is a production dependency (electron-builder ships those, never devDependencies).
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    for (const name of packages) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
      expect(lock.packages[`node_modules/${name}`]?.dev, name).not.toBe(true);
    }
    // …and the "files" exclusions, which electron-builder also applies to node_modules, keep them.
    const filter = getNodeModuleFileMatcher(
      root,
      destination,
      keepPattern,
      {},
      packagerInfo(),
    ).createFilter();
    const moduleFile = (path: string): boolean => filter(join(root, 'node_modules', path), asFile);
    for (const name of packages) expect(moduleFile(`${name}/package.json`), name).toBe(true);
    expect(moduleFile('keytar/build/Release/keytar.node')).toBe(true);
    expect(moduleFile('typescript/lib/typescript.js')).toBe(false);
    expect(filter(join(root, 'node_modules', 'typescript'), asDirectory)).toBe(false);
  });

  test("keytar's native addon is unpacked from the archive (the OS loader needs a real file), nothing else", () => {
    const matchers = getFileMatchers(loadedConfig, 'asarUnpack', destination, {
      macroExpander: keepPattern,
      customBuildOptions: {},
      globalOutDir: outputDir,
      defaultSrc: root,
    });
    const unpack = matchers?.[0]?.createFilter();
    expect(unpack).toBeDefined();
    expect(unpack?.(join(root, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'), asFile)).toBe(
      true,
    );
    expect(unpack?.(join(root, 'node_modules', 'keytar', 'lib', 'keytar.js'), asFile)).toBe(false);
    expect(unpack?.(join(root, 'out', 'main', 'index.js'), asFile)).toBe(false);
    // The N-API build: rebuilt for the target by @electron/rebuild from prebuilt binaries.
    expect(builderConfig).toMatchObject({
      npmRebuild: true,
      nodeGypRebuild: false,
      buildDependenciesFromSource: false,
    });
    const keytarManifest = JSON.parse(
      readFileSync(join(root, 'node_modules', 'keytar', 'package.json'), 'utf8'),
    ) as {
      binary?: { napi_versions?: number[] };
    };
    expect(keytarManifest.binary?.napi_versions?.length).toBeGreaterThan(0);
  });

  test("better-sqlite3 (the record index): the target's prebuild ships, unpacked; other platforms' prebuilds, SQLite's sources and build/ do not", () => {
    // The packer's own macro expansion, for this machine's platform and x64 / arm64.
    const { expandMacro } = requireBuilder('./out/util/macroExpander.js') as {
      expandMacro(pattern: string, arch: string | null, appInfo: object): string;
    };
    const host = process.platform;
    for (const arch of ['x64', 'arm64']) {
      const expand = (pattern: string): string => expandMacro(pattern, arch, {});
      const modules = getNodeModuleFileMatcher(root, destination, expand, {}, packagerInfo()).createFilter();
      const shipped = (path: string): boolean =>
        modules(join(root, 'node_modules', 'better-sqlite3', path), asFile);
      expect(shipped('package.json')).toBe(true);
      expect(shipped('lib/index.js')).toBe(true);
      expect(shipped('lib/binding.js')).toBe(true);
      expect(shipped(`prebuilds/${host}-${arch}.node`), `${host}-${arch}`).toBe(true);
      for (const other of ['win32-x64', 'darwin-arm64', 'linux-x64', 'linuxmusl-x64'].filter(
        (name) => name !== `${host}-${arch}`,
      )) {
        expect(shipped(`prebuilds/${other}.node`), other).toBe(false);
      }
      for (const source of [
        'deps/sqlite3/sqlite3.c',
        'src/better_sqlite3.cpp',
        'binding.gyp',
        'build/Release/better_sqlite3.node',
      ]) {
        expect(shipped(source), source).toBe(false);
      }
      // The CLI's copy in <resources>/cli: the loader and the target's prebuild only.
      const cliCopy = getFileMatchers(loadedConfig, 'extraResources', '/packaged/resources', {
        macroExpander: expand,
        customBuildOptions: {},
        globalOutDir: outputDir,
        defaultSrc: root,
      })?.find((matcher) => matcher.from === join(root, 'node_modules', 'better-sqlite3'));
      expect(cliCopy?.to).toBe('/packaged/resources/cli/node_modules/better-sqlite3');
      const copied = cliCopy?.createFilter();
      const inCli = (path: string): boolean | undefined =>
        copied?.(join(root, 'node_modules', 'better-sqlite3', path), asFile);
      expect(inCli('lib/index.js')).toBe(true);
      expect(inCli(`prebuilds/${host}-${arch}.node`)).toBe(true);
      expect(inCli('prebuilds/win32-arm64.node')).toBe(false);
      expect(inCli('deps/sqlite3/sqlite3.c')).toBe(false);
    }
    const unpack = getFileMatchers(loadedConfig, 'asarUnpack', destination, {
      macroExpander: keepPattern,
      customBuildOptions: {},
      globalOutDir: outputDir,
      defaultSrc: root,
    })?.[0]?.createFilter();
    expect(
      unpack?.(join(root, 'node_modules', 'better-sqlite3', 'prebuilds', `${host}-x64.node`), asFile),
    ).toBe(true);
    expect(unpack?.(join(root, 'node_modules', 'better-sqlite3', 'lib', 'index.js'), asFile)).toBe(false);
    // A production dependency, whose loader picks the prebuild when no build/ exists beside it.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    expect(lock.packages['node_modules/better-sqlite3']?.dev).not.toBe(true);
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'lib', 'binding.js'), 'utf8')).toContain(
      "path.join(__dirname, '..', 'prebuilds'",
    );
  });
});

test.describe('fuses', () => {
  test('set for every packaged build as the brief asks', () => {
    expect(builderConfig.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
    // runAsNode off breaks process.fork from main: nothing in the app forks (the CLI and the
    // sandbox CLI run under Node, not inside the packaged app).
    const forks = readdirSync(join(root, 'main'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !/[\\/]main[\\/](cli|web)[\\/]|[\\/]sandbox[\\/]cli\.ts$/.test(file))
      .filter((file) => /child_process|\bfork\(/.test(readFileSync(file, 'utf8')));
    expect(forks).toEqual([]);
  });

  test('GrantFileProtocolExtraPrivileges stays on: with browser-standard file://, the built page does not start', async () => {
    // Turning the fuse off gives file:// pages exactly Chromium's own rules. Under those rules our
    // module scripts are cross-origin requests from an opaque origin and are refused, so the
    // window would stay blank. Chromium shows it here. The page now comes from paydesk:// (item
    // 18), so the fuse can go off once that is seen to start in a real Electron.
    expect(builderConfig.electronFuses?.grantFileProtocolExtraPrivileges).toBe(true);
    const built = await builtApp();
    const browser = await chromium.launch(chromiumLaunch);
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /CORS/.test(message.text())) refused.push(message.text());
      });
      await page.goto(pathToFileURL(join(built.outDir, 'renderer', 'index.html')).href);
      await expect.poll(() => refused.some((text) => /\.js/.test(text))).toBe(true);
      // Only index.html's static skeleton: the app, which would replace it, never ran.
      await expect(page.locator('#root [data-startup-skeleton]')).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});

test.describe('the command line in the installers', () => {
  const resourcesDir = '/packaged/resources';
  const extraResources = (): FileMatcher[] =>
    getFileMatchers(loadedConfig, 'extraResources', resourcesDir, {
      macroExpander: keepPattern,
      customBuildOptions: {},
      globalOutDir: outputDir,
      defaultSrc: root,
    }) ?? [];

  /**
   * What electron-builder copies into <resources> for the extraResources entries, laid out in
   * `into` as it lays them out: out/ is the fresh private build, the rest is the repository.
   */
  function copyExtraResources(built: BuiltApp, into: string): string[] {
    const copied: string[] = [];
    const copy = (source: string, target: string): void => {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
      copied.push(relative(into, target).split('\\').join('/'));
    };
    const real = (path: string): string =>
      path.startsWith(join(root, 'out')) ? join(built.outDir, relative(join(root, 'out'), path)) : path;
    for (const matcher of extraResources()) {
      const target = join(into, relative(resourcesDir, matcher.to));
      if (statSync(real(matcher.from)).isFile()) {
        copy(real(matcher.from), target);
        continue;
      }
      const filter = matcher.createFilter();
      const walk = (directory: string): void => {
        for (const entry of readdirSync(real(directory), { withFileTypes: true })) {
          const path = join(directory, entry.name);
          if (entry.isDirectory()) {
            if (filter(path, asDirectory)) walk(path);
          } else if (filter(path, asFile)) copy(real(path), join(target, relative(matcher.from, path)));
        }
      };
      walk(matcher.from);
    }
    return copied.sort();
  }

  test('<resources>/cli holds the bundle (no source maps), its wrapper and keytar with its addon', async () => {
    const built = await builtApp();
    const into = await mkdtemp(join(tmpdir(), 'paydesk-resources-'));
    try {
      const copied = copyExtraResources(built, into);
      const bundle = built.files.filter((file) => file.startsWith('cli/') && !file.endsWith('.map'));
      expect(bundle).toContain('cli/index.js');
      // The sandbox (and Fastify) in a chunk of its own, loaded only by the local-sandbox profile.
      expect(bundle.filter((file) => /^cli\/chunks\/sandbox-[^/]+\.js$/.test(file))).toHaveLength(1);
      expect(copied).toEqual(expect.arrayContaining([...bundle, 'cli/paydesk']));
      expect(copied).toEqual(
        expect.arrayContaining([
          'cli/node_modules/keytar/package.json',
          'cli/node_modules/keytar/lib/keytar.js',
          'cli/node_modules/keytar/build/Release/keytar.node',
        ]),
      );
      expect(copied.filter((file) => file.endsWith('.map') || /keytar\/src\//.test(file))).toEqual([]);
      // keytar and better-sqlite3 are the bundle's packages left outside it: nothing else would resolve there.
      const sources = await Promise.all(
        bundle.filter((file) => file.endsWith('.js')).map((file) => built.read(file)),
      );
      const bare = sources.flatMap((source) =>
        [...source.matchAll(/(?:^import[^;]*?from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\))/gm)]
          .map((match) => match[1] ?? match[2] ?? '')
          // Node's own modules resolve anywhere, with or without `node:` (csv-parse and
          // read-excel-file's unzipper name "stream", "zlib", "module").
          .filter((specifier) => !isBuiltin(specifier) && !specifier.startsWith('.')),
      );
      expect([...new Set(bare)].sort()).toEqual(['better-sqlite3', 'keytar']);
    } finally {
      await rm(into, { recursive: true, force: true });
    }
  });

  test("the bundle keeps V8's compiled code in the user's data folder; NODE_COMPILE_CACHE wins", async () => {
    const built = await builtApp();
    const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-code-cache-'));
    const elsewhere = await mkdtemp(join(tmpdir(), 'paydesk-code-cache-env-'));
    const env = { ...process.env, PAYDESK_DATA_DIR: dataDir, NODE_COMPILE_CACHE: undefined };
    const entry = join(built.outDir, 'cli', 'index.js');
    try {
      await promisify(execFile)(process.execPath, [entry, '--help'], { env });
      const cached = await readdir(join(dataDir, CLI_CODE_CACHE_FOLDER_NAME), { recursive: true });
      // The run chunk and the shared one are kept, not just the small entry.
      expect(cached.filter((name) => !name.endsWith('config.json')).length).toBeGreaterThan(1);
      await rm(join(dataDir, CLI_CODE_CACHE_FOLDER_NAME), { recursive: true });
      await promisify(execFile)(process.execPath, [entry, '--help'], {
        env: { ...env, NODE_COMPILE_CACHE: elsewhere },
      });
      expect(await readdir(dataDir)).not.toContain(CLI_CODE_CACHE_FOLDER_NAME);
      expect((await readdir(elsewhere)).length).toBeGreaterThan(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  test("--help loads neither the payments client's node:http nor Node's fetch (undici)", async () => {
    const built = await builtApp();
    const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-builtins-'));
    const report = join(dataDir, 'report-builtins.cjs');
    // Node's list of the internal modules it loaded, once the command is over.
    writeFileSync(
      report,
      "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n",
    );
    try {
      const { stderr } = await promisify(execFile)(
        process.execPath,
        ['--require', report, join(built.outDir, 'cli', 'index.js'), '--help'],
        { env: { ...process.env, PAYDESK_DATA_DIR: dataDir } },
      );
      const loaded = z.array(z.string()).parse(JSON.parse(stderr));
      // Start-up loads no client at all now (main/cli/command-groups.ts), and never Node's fetch.
      expect(loaded).not.toContain('NativeModule http');
      expect(loaded.filter((name) => /undici/.test(name))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('the deb links /usr/bin/paydesk to the wrapper on install and removes it on removal', () => {
    const script = (path: string | null | undefined): string => {
      expect(path).toBeTruthy();
      return readFileSync(join(root, path ?? ''), 'utf8');
    };
    const wrapper = "'/opt/${sanitizedProductName}/resources/cli/paydesk'";
    const afterInstall = script(builderConfig.deb?.afterInstall);
    expect(afterInstall).toContain(`ln -sf ${wrapper} '/usr/bin/\${executable}'`);
    // electron-builder's own steps are kept: the Chromium sandbox helper and AppArmor.
    expect(afterInstall).toContain("chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox'");
    expect(afterInstall).toContain('apparmor_parser --replace');
    const afterRemove = script(builderConfig.deb?.afterRemove);
    expect(afterRemove).toContain(`= ${wrapper} ]; then\n    rm -f '/usr/bin/\${executable}'`);
    expect(afterRemove).toContain('apparmor_parser --remove');
    expect(builderConfig.linux?.executableName).toBe('paydesk');
    // The wrapper runs the bundle beside it with the system's Node (the app's Electron cannot:
    // the run-as-node fuse is off).
    expect(script('resources/cli/paydesk')).toContain('exec node "$here/index.js" "$@"');
    expect(statSync(join(root, 'resources', 'cli', 'paydesk')).mode & 0o111).not.toBe(0);
  });

  test('installed as electron-builder lays it out, the wrapper runs the bundle: --version, deposits get against a sandbox', async () => {
    const built = await builtApp();
    const into = await mkdtemp(join(tmpdir(), 'paydesk-installed-'));
    const sandbox = await startSandbox({ seed: 26 });
    try {
      copyExtraResources(built, into);
      const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
        .version;
      const run = (argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
        new Promise((resolve, reject) => {
          // Away from the repository, so nothing resolves from its node_modules.
          const child = spawn('sh', [join(into, 'cli', 'paydesk'), ...argv], {
            cwd: into,
            env: {
              PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
              HOME: into,
              PAYDESK_DATA_DIR: join(into, 'data'),
              ...cliVariables(sandbox.baseUrl, sandbox.credentials),
            },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
          child.on('error', reject);
          child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
        });
      const shown = await run(['--version']);
      expect(shown.stderr).toBe('');
      expect(shown).toMatchObject({ code: 0, stdout: `${version}\n` });
      const id = String(SEEDED_RECORDS.completedCardDeposit);
      const got = await run(['deposits', 'get', id, '--json']);
      expect(got.stderr).toBe('');
      expect(got.code).toBe(0);
      expect(JSON.stringify(JSON.parse(got.stdout))).toContain(id);
    } finally {
      await sandbox.close();
      await rm(into, { recursive: true, force: true });
    }
  });
});
