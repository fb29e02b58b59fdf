import type { Configuration } from 'electron-builder';

/**
 * How `npm run package` turns the electron-vite build (out/) into installers.
 *
 * A TypeScript file rather than the "build" key of package.json: it is typed against
 * electron-builder's own Configuration (tsconfig.test.json includes *.config.ts), it can carry
 * the why next to each switch, and test/integration/packaging/config.spec.ts imports it as it is.
 * electron-builder only looks for electron-builder.{yml,json,…,ts} on its own, so the package
 * scripts name this file with --config; it loads it with jiti.
 *
 * Build each platform on that platform (keytar's native module is fetched for the host), with
 * Node >= 22.12 (Electron 45 and @electron/rebuild require it) and network access to Electron's
 * downloads. None of that exists on the machines this project is developed on, so the
 * configuration is validated by test/integration/packaging/config.spec.ts instead of by a build.
 */

/**
 * The build's environment, where the release switches below are read from. Only switches and
 * public names: the signing and notarisation secrets (CSC_LINK, CSC_KEY_PASSWORD, WIN_CSC_LINK,
 * WIN_CSC_KEY_PASSWORD, APPLE_API_KEY…) are read by electron-builder itself and never pass
 * through this file, so the configuration can be printed, tested and reviewed as it is.
 */
export type ReleaseEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * electron-updater's feed, off (null) unless PAYDESK_UPDATE_URL names the https:// folder that
 * serves the installers and latest*.yml (the generic provider: any static server). With it,
 * electron-builder writes app-update.yml into the app and latest*.yml beside the installers; the
 * package scripts keep --publish never, so uploading stays a separate, deliberate step.
 */
export function updateFeed(env: ReleaseEnvironment): Configuration['publish'] {
  const url = env.PAYDESK_UPDATE_URL?.trim();
  if (!url) return null;
  // The installed app would download and run what this URL serves: TLS only, and no
  // credentials in it (they would be written into every installer).
  const parsed = URL.parse(url);
  if (
    parsed?.protocol !== 'https:' ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    parsed.search !== ''
  ) {
    throw new Error(
      'PAYDESK_UPDATE_URL must be a plain https:// URL (no user, password or query): the installed app downloads its updates from it.',
    );
  }
  return { provider: 'generic', url: parsed.href };
}

/**
 * macOS signing and notarisation. electron-builder signs with the Developer ID certificate in
 * CSC_LINK + CSC_KEY_PASSWORD, or else the one in the login keychain; PAYDESK_MAC_IDENTITY picks
 * one by its name when the keychain holds several. Notarisation is off unless PAYDESK_NOTARIZE=1
 * (left unset, electron-builder would notarise whenever Apple's variables happen to be set); it
 * then takes APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER (or APPLE_ID,
 * APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID) from the environment itself.
 */
export function macSigning(
  env: ReleaseEnvironment,
): Pick<NonNullable<Configuration['mac']>, 'identity' | 'notarize'> {
  const identity = env.PAYDESK_MAC_IDENTITY?.trim();
  return { ...(identity ? { identity } : {}), notarize: env.PAYDESK_NOTARIZE === '1' };
}

const config: Configuration = {
  appId: 'com.paydesk.console',
  // Electron derives userData (<appData>/<productName>) from it: it must stay equal to
  // APP_FOLDER_NAME in main/core/data-dir.ts, which the CLI uses to find the same files.
  productName: 'Paydesk',
  // `paydesk://` links (shared/contract/links.ts): declared in the macOS Info.plist and as the
  // Linux .desktop file's x-scheme-handler; Windows registers it at run time
  // (main/electron/link-scheme.ts).
  protocols: [{ name: 'Paydesk link', schemes: ['paydesk'] }],
  copyright: 'Copyright © Paydesk',
  directories: { output: 'dist', buildResources: 'resources' },

  // Only the electron-vite bundles. main/web (the browser bridge), preload/web-bridge.ts, the
  // sandbox CLI and the tests are never bundled into out/main, out/preload or out/renderer
  // (config.spec.ts checks the bundles), and out/e2e (the web tests' builds) is not listed.
  // package.json is added by electron-builder; production node_modules are collected by it.
  files: [
    'out/main/**/*',
    'out/preload/**/*',
    'out/renderer/**/*',
    '!**/*.map',
    // An optional peer of i18next/react-i18next, for their type declarations only: nothing
    // loads TypeScript at run time, and it is large (docs/performance.md).
    '!node_modules/typescript{,/**/*}',
    // better-sqlite3 (the record index) loads the N-API prebuild of the running platform from
    // prebuilds/: only the target's one ships (17 MB for all eight), not SQLite's sources, and not
    // build/, where a rebuild for Electron could leave a binary that it would load first.
    '!node_modules/better-sqlite3/{deps,src,build}{,/**/*}',
    '!node_modules/better-sqlite3/binding.gyp',
    '!node_modules/better-sqlite3/prebuilds/*',
    'node_modules/better-sqlite3/prebuilds/${platform}-${arch}.node',
  ],

  // The command line (scripts/build-cli.mjs) beside the archive, in <resources>/cli: it runs under
  // the system's Node (the run-as-node fuse is off, so not under the app's Electron), which cannot
  // read app.asar. keytar, an external package, comes along with its addon (N-API: the
  // same binary serves Node and Electron). resources/cli/paydesk is the wrapper the deb links.
  extraResources: [
    { from: 'out/cli', to: 'cli', filter: ['**/*', '!**/*.map'] },
    { from: 'resources/cli/paydesk', to: 'cli/paydesk' },
    {
      from: 'node_modules/keytar',
      to: 'cli/node_modules/keytar',
      filter: ['package.json', 'LICENSE.md', 'lib/**', 'build/Release/*.node'],
    },
    // The record index's SQLite, the same way (scripts/build-cli.mjs must keep it external too:
    // its loader finds the addon beside its own files).
    {
      from: 'node_modules/better-sqlite3',
      to: 'cli/node_modules/better-sqlite3',
      filter: ['package.json', 'LICENSE', 'lib/**', 'prebuilds/${platform}-${arch}.node'],
    },
  ],

  asar: true,
  // keytar's and better-sqlite3's N-API addons cannot be loaded from inside the archive: the OS
  // loader needs a real file. (electron-builder would unpack *.node files on its own; this makes
  // it explicit.)
  asarUnpack: ['node_modules/keytar/build/Release/*.node', 'node_modules/better-sqlite3/prebuilds/*.node'],
  // keytar 7.9 is an N-API module: one binary serves every Electron ABI. @electron/rebuild
  // fetches its prebuilt binary for the target platform and arch; building from source (which
  // needs a compiler and libsecret headers) stays off.
  npmRebuild: true,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,

  // Electron fuses, flipped in the packaged binary before it is signed. Security checklist
  // item 19; test/integration/security/checklist.spec.ts and config.spec.ts assert each value.
  electronFuses: {
    // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node interpreter.
    // Nothing in main forks a child process (utilityProcess would be the way if it ever must).
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    // macOS and Windows validate app.asar against the hash in the signed binary; Linux has no
    // such check in Electron (the fuse is harmless there).
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // We ship no browser-process-specific V8 snapshot; with this on Electron would look for one.
    loadBrowserProcessSpecificV8Snapshot: false,
    // Still on: the page now comes from the paydesk:// scheme (main/electron/app-scheme.ts, read
    // with fs, not file://), so nothing of ours needs file:// privileges any more and this fuse
    // can go off, once an app built that way has been started on a machine with Electron (not
    // possible here). Until then file:// stays limited as before: navigation only to our own
    // page, no new windows, sandboxed renderer, CSP default-src 'none'.
    grantFileProtocolExtraPrivileges: true,
  },

  // Merged into the packed package.json. The deb package must name a project URL and a
  // maintainer (linux.maintainer below), and package.json (private) has neither: PLACEHOLDERS,
  // put the real ones here before installers are handed to anyone. desktopName is what Electron
  // takes as the Wayland app_id / WM_CLASS; with syncDesktopName the .desktop file matches it, so
  // the desktop links the running window to its launcher.
  extraMetadata: { homepage: 'https://paydesk.invalid/', desktopName: 'paydesk.desktop' },

  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office;Finance',
    executableName: 'paydesk',
    syncDesktopName: true,
    icon: 'resources/icon.png',
    synopsis: 'Back-office console for merchants of the payments service',
    maintainer: 'Paydesk <paydesk@localhost>',
  },
  deb: {
    // electron-builder's scripts, except that /usr/bin/paydesk runs the command line, not the window.
    afterInstall: 'resources/linux/after-install.sh',
    afterRemove: 'resources/linux/after-remove.sh',
    // keytar talks to the Secret Service through libsecret.
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libsecret-1-0',
    ],
  },
  mac: {
    // The dmg is what people install from; the zip is what electron-updater (Squirrel.Mac)
    // updates an installed app from, so an update feed needs both.
    target: ['dmg', 'zip'],
    category: 'public.app-category.finance',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
    ...macSigning(process.env),
  },
  win: {
    target: ['nsis'],
    icon: 'resources/icon.png',
    // Signed by signtool when WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD (a .pfx and its password)
    // are set in the build's environment; electron-builder reads them itself. Unsigned otherwise.
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  // No auto-update feed unless PAYDESK_UPDATE_URL is set (updateFeed above).
  publish: updateFeed(process.env),
};

export default config;
