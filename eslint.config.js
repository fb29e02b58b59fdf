// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * THE ROOMS of the architecture page (docs/architecture.md) and what each may import: the one
 * table, enforced by the `boundaries/dependencies` rule below (test/unit/project/import-boundaries.spec.ts
 * lints a fixture that breaks it, so a change that stops the table biting fails a test).
 *
 * A room is a folder. `rooms` are the other rooms its files may import (a room always imports its
 * own files); `packages` what it may take from outside the repository: 'any' (npm packages and
 * Node built-ins), 'npm' (npm packages, no Node built-in, neither `fs` nor `node:fs`) or a list of
 * package names. Anything else is refused, type-only imports too. Files outside every room
 * (test/, scripts/, the configs) are not checked.
 */
const ROOMS = [
  { room: 'contract', path: 'shared/contract', rooms: [], packages: [] },
  // shared/web-protocol.ts, the browser build's wire format (the page bundle and the server both
  // load it), and any other file of shared/ outside the contract.
  { room: 'web-protocol', path: 'shared', rooms: [], packages: [] },
  { room: 'core', path: 'main/core', rooms: ['contract'], packages: 'any' },
  { room: 'sandbox', path: 'main/sandbox', rooms: ['contract'], packages: 'any' },
  { room: 'cli', path: 'main/cli', rooms: ['core', 'sandbox', 'contract'], packages: 'any' },
  {
    room: 'electron',
    path: 'main/electron',
    rooms: ['core', 'page', 'sandbox', 'contract'],
    packages: 'any',
  },
  // What both shells (main/electron, main/web) use: the page policy and its files.
  { room: 'page', path: 'main/page', rooms: ['contract'], packages: 'any' },
  {
    room: 'web',
    path: 'main/web',
    rooms: ['core', 'page', 'sandbox', 'contract', 'web-protocol'],
    packages: 'any',
  },
  // main/index.ts, the Electron app's composition root (and any other file of main/ outside its rooms).
  { room: 'app', path: 'main', rooms: ['electron', 'core', 'page', 'sandbox', 'contract'], packages: 'any' },
  { room: 'preload', path: 'preload', rooms: ['contract', 'web-protocol'], packages: ['electron'] },
  { room: 'renderer', path: 'renderer', rooms: ['contract'], packages: 'npm' },
];

/**
 * Narrower than the rooms: a package (or some of its names) only the listed files may import,
 * whatever their room allows; and rooms that some files, or every file outside them, may not reach.
 */
const ONLY = [
  {
    package: 'electron',
    files: ['main/electron/**', 'main/index.ts', 'preload/index.ts'],
    why: 'Only main/electron, main/index.ts and preload/index.ts may import electron.',
  },
  {
    package: 'electron-store',
    files: ['main/electron/**'],
    why: 'Only main/electron may import electron-store.',
  },
  {
    package: 'conf',
    files: ['main/core/settings/conf-settings-store.ts', 'main/core/settings/file-settings-store.ts'],
    why: 'conf holds the settings file only, reached through main/core/settings/conf-settings-store.ts.',
  },
  {
    package: 'rotating-file-stream',
    files: ['main/core/logging/log-file.ts'],
    why: 'The log file is rotated in main/core/logging/log-file.ts only.',
  },
  {
    package: 'keytar',
    files: ['main/core/vault/**'],
    why: 'Only main/core/vault reaches the OS keychain (keytar).',
  },
  {
    package: 'pg',
    files: ['main/core/team/**'],
    why: 'Only main/core/team reaches the team database (pg), loaded there on first use.',
  },
  {
    package: 'electron',
    names: ['ipcMain', 'ipcRenderer'],
    files: ['main/electron/ipc-router.ts', 'preload/index.ts'],
    why: 'Raw IPC lives only in main/electron/ipc-router.ts and preload/index.ts.',
  },
  {
    room: 'sandbox',
    files: ['main/sandbox/starter.ts'],
    why: 'Other rooms reach main/sandbox only through its lazy starter (main/sandbox/starter.ts).',
  },
  {
    room: 'core',
    notFrom: ['main/electron/app-scheme.ts', 'main/web/server.ts'],
    why: 'The page servers (paydesk:// scheme, web bridge) know nothing of the console core: they are handed a dispatcher, and serve the page with main/page.',
  },
];

const inRoom = (room) => ({ element: { type: room } });
const files = (paths) => (paths.length === 1 ? paths[0] : `{${paths.join(',')}}`);
const roomMessage = ({ path, rooms, packages }) =>
  `${path} may import ${rooms.length ? `only ${rooms.join(', ')} among the rooms` : 'no other room'}` +
  `, and ${packages === 'any' ? 'any package' : packages === 'npm' ? 'npm packages but no Node built-in' : packages.length ? `no package but ${packages.join(', ')}` : 'no package'}` +
  ` (the ROOMS table in eslint.config.js), not '{{ dependency.source }}'.`;

/** The table as `boundaries/dependencies` policies; the last policy that matches an import decides. */
const anything = { to: { module: { origin: ['local', 'external', 'core'] } } };
const roomPolicies = [
  ...ROOMS.flatMap((row) => [
    { from: inRoom(row.room), disallow: anything, message: roomMessage(row) },
    {
      from: inRoom(row.room),
      allow: [
        ...row.rooms.map((room) => ({ to: inRoom(room) })),
        ...(row.packages === 'any'
          ? [{ to: { module: { origin: ['external', 'core'] } } }]
          : row.packages === 'npm'
            ? [{ to: { module: { origin: 'external' } } }]
            : row.packages.map((name) => ({ to: { module: { source: name } } }))),
      ],
    },
  ]),
  ...ONLY.map((only) =>
    only.package
      ? {
          from: { file: { path: `!${files(only.files)}` } },
          disallow: {
            to: { module: { source: only.package } },
            ...(only.names ? { dependency: { specifiers: only.names } } : {}),
          },
          message: `${only.why} Not '{{ dependency.source }}' here.`,
        }
      : {
          from: only.notFrom
            ? { file: { path: files(only.notFrom) } }
            : { element: { type: `!${only.room}` } },
          disallow: only.files
            ? // Types may come from anywhere in the room: only what loads goes through the listed files.
              {
                to: { ...inRoom(only.room), file: { path: `!${files(only.files)}` } },
                dependency: { kind: 'value' },
              }
            : { to: inRoom(only.room) },
          message: `${only.why} Not '{{ dependency.source }}' here.`,
        },
  ),
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['main/**', 'preload/**', 'renderer/**', 'shared/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ROOMS.map(({ room, path }) => ({
        type: room,
        pattern: path,
        partialMatch: false,
      })),
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          message:
            "'{{ dependency.source }}' is outside what this room may import (the ROOMS table in eslint.config.js).",
          policies: roomPolicies,
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Every text staff read comes from the locale files: literal text between JSX tags
    // fails. Props are not checked (data-testid, aria values come from t() by review and e2e).
    files: ['renderer/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        // Not words: digits, punctuation, codes in capitals (BRL); and the product's name.
        { mode: 'jsx-text-only', words: { exclude: ['[0-9!-/:-@[-`{-~—–·…\\s]+', '[A-Z_-]+', 'Paydesk'] } },
      ],
    },
  },
  prettier,
);
