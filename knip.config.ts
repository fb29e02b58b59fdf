import type { KnipConfig } from 'knip';

/**
 * Dead code check (`npm run deadcode`, part of `npm run lint`): no unused file, export or
 * dependency. Knip finds package.json's scripts and bin, the Playwright projects and the eslint,
 * prettier and vite configs on its own; listed here are the entry points it cannot see: the
 * electron-vite inputs, the documented tools run by hand, and the files tests start by path.
 * Tests count as users: an export only a test imports is not dead.
 */
const config: KnipConfig = {
  entry: [
    // electron-vite's inputs (electron.vite.config.ts) and the renderer's ambient declarations.
    'main/index.ts',
    'preload/index.ts',
    'renderer/index.html',
    'renderer/src/main.tsx',
    'renderer/src/**/*.d.ts',
    // Configs of tools knip has no plugin for, and the scripts .ci/run starts.
    'electron.vite.config.ts',
    'electron-builder.config.ts',
    '.ci/*.mjs',
    '.ci/electronegativity/scan.mjs',
    // Run by hand (their headers; docs/performance.md).
    'resources/render-icon.ts',
    'test/bench/startup-trace.ts',
    // Started, loaded or bundled by path, out of knip's sight: bench pages, test child processes,
    // and the stand-in electron-loader.ts puts in place of `electron`.
    'test/bench/stack-floors/*.tsx',
    'test/**/*-child.ts',
    'test/support/audit/journal-writer.ts',
    'test/support/lock-holder.ts',
    'test/support/runtime-process.ts',
    'test/unit/electron/fake-electron.ts',
  ],
  ignoreIssues: {
    // components/overlays.tsx keeps the whole module it imports dynamically, not named parts.
    'renderer/src/components/overlay-code.ts': ['exports'],
  },
};

export default config;
