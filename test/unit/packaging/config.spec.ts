import { test, expect } from '@playwright/test';
import { chromium } from '@playwright/test';
import { readdirSync, readFileSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import builderConfig from '../../../electron-builder.config';
import { APP_FOLDER_NAME } from '../../../main/core/data-dir';
import { chromiumLaunch } from '../../../playwright.config';
import { builtApp, repositoryRoot as root, type BuiltApp } from './built-app';

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
    name: 'asarUnpack',
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
        `electron-vite build && electron-builder --config ${CONFIG_FILE}${platform} --publish never`,
      );
    }
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

test('targets: AppImage and deb on Linux, dmg on macOS, nsis on Windows; one icon they all derive from', () => {
  expect(builderConfig.linux?.target).toEqual(['AppImage', 'deb']);
  expect(builderConfig.mac?.target).toEqual(['dmg']);
  expect(builderConfig.win?.target).toEqual(['nsis']);
  for (const platform of [builderConfig.linux, builderConfig.mac, builderConfig.win]) {
    expect(platform?.icon).toBe('resources/icon.png');
  }
  // electron-builder needs at least 512×512 to make a macOS icns; the PNG header says 1024×1024.
  const png = readFileSync(join(root, 'resources', 'icon.png'));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
  expect(builderConfig.publish).toBeNull();
  // electron-builder's deb target refuses to build without a project URL and a maintainer.
  expect(builderConfig.extraMetadata?.homepage).toMatch(/^https:\/\//);
  expect(builderConfig.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^>\s]+>$/);
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
      // At most the pre-start copy of the first screen (a classic script shows it): the app,
      // which would take its place, never ran.
      await expect(page.locator('#root')).toHaveAttribute('data-prestart', 'en');
    } finally {
      await browser.close();
    }
  });
});
