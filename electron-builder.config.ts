import type { Configuration } from 'electron-builder';

/**
 * How `npm run package` turns the electron-vite build (out/) into installers.
 *
 * A TypeScript file rather than the "build" key of package.json: it is typed against
 * electron-builder's own Configuration (tsconfig.test.json includes *.config.ts), it can carry
 * the why next to each switch, and test/unit/packaging/config.spec.ts imports it as it is.
 * electron-builder only looks for electron-builder.{yml,json,…,ts} on its own, so the package
 * scripts name this file with --config; it loads it with jiti.
 *
 * Build each platform on that platform (keytar's native module is fetched for the host), with
 * Node >= 22.12 (Electron 45 and @electron/rebuild require it) and network access to Electron's
 * downloads. None of that exists on the machines this project is developed on, so the
 * configuration is validated by test/unit/packaging/config.spec.ts instead of by a build.
 */
const config: Configuration = {
  appId: 'com.paydesk.console',
  // Electron derives userData (<appData>/<productName>) from it: it must stay equal to
  // APP_FOLDER_NAME in main/core/data-dir.ts, which the CLI uses to find the same files.
  productName: 'Paydesk',
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
    // loads TypeScript at run time, and it would add about 20 MB.
    '!node_modules/typescript{,/**/*}',
  ],

  asar: true,
  // keytar's N-API addon cannot be loaded from inside the archive: the OS loader needs a real
  // file. (electron-builder would unpack *.node files on its own; this makes it explicit.)
  asarUnpack: ['node_modules/keytar/build/Release/*.node'],
  // keytar 7.9 is an N-API module: one binary serves every Electron ABI. @electron/rebuild
  // fetches its prebuilt binary for the target platform and arch; building from source (which
  // needs a compiler and libsecret headers) stays off.
  npmRebuild: true,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,

  // Electron fuses, flipped in the packaged binary before it is signed. Security checklist
  // item 19; test/unit/security/checklist.spec.ts and config.spec.ts assert each value.
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
    target: ['dmg'],
    category: 'public.app-category.finance',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
  },
  win: {
    target: ['nsis'],
    icon: 'resources/icon.png',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  // No auto-update feed: nothing is published from a build.
  publish: null,
};

export default config;
