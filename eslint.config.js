// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The rules of the rooms (see the architecture page). The same rules are also checked by
 * test/unit/import-boundaries.spec.ts and test/unit/web/boundaries.spec.ts, so switching lint off
 * cannot hide a breach.
 *
 * A file takes `no-restricted-imports` from the LAST block below that matches it (options are
 * replaced, not merged), so a block for a narrower set of files repeats what it would inherit.
 */
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Raw IPC lives only in main/electron/ipc-router.ts and preload/index.ts.',
};
const electronImports = [
  {
    name: 'electron',
    message: 'Only main/electron, main/index.ts and preload/index.ts may import electron.',
  },
  { name: 'electron-store', message: 'Only main/electron may import electron-store.' },
];
const nodeOnlyPatterns = [
  { group: ['node:*'], message: 'The renderer runs without Node.' },
  {
    group: ['**/main/**', '../main/*', '../../main/*'],
    message: 'The renderer talks to main only through window.paydesk.',
  },
  {
    group: ['**/preload/**', '../preload/*', '../../preload/*'],
    message: 'The renderer shares only shared/contract with the preload.',
  },
];
/** Relative specifiers, as written in main/<room>/ or main/index.ts, that reach another room of main/. */
const intoMain = (rooms, message) => ({
  regex: `^(\\./|(\\.\\./)+)(${rooms})(/|$)|(^|/)main/(${rooms})(/|$)`,
  message,
});
const intoWeb = intoMain(
  'web',
  'The Electron app never imports main/web (dev and test only); what both use lives in main/page or shared/.',
);
const webPatterns = [
  intoMain(
    'electron',
    'main/web never imports the Electron shell: the page policy and files it shares with it live in main/page.',
  ),
  {
    regex: '^(\\.\\./)+(renderer|preload)(/|$)',
    message:
      'main/web never imports renderer/ or preload/: it shares the wire format through shared/web-protocol.ts.',
  },
];
const intoCore = intoMain(
  'core',
  'The page servers (paydesk:// scheme, web bridge) know nothing of the console core: they are handed a dispatcher, and serve the page with main/page.',
);
const preloadOnly = (packages = []) => ({
  regex: `^(?!(\\./|\\.\\./shared/)(?!.*\\.\\.)${packages.map((name) => `|${name}$`).join('')})`,
  message:
    'The preload imports only its own files and shared/ (electron too, in preload/index.ts only); never main/ or renderer/.',
});
const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'events',
  'buffer',
  'process',
  'keytar',
  'electron',
  'electron-store',
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
    files: ['main/**', 'preload/**'],
    ignores: ['main/electron/ipc-router.ts', 'preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc] }] },
  },
  {
    files: ['main/electron/**', 'main/index.ts'],
    ignores: ['main/electron/ipc-router.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [intoWeb] }] },
  },
  {
    files: ['main/electron/ipc-router.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [intoWeb] }] },
  },
  {
    files: ['main/electron/app-scheme.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [intoWeb, intoCore] }] },
  },
  {
    files: ['main/web/**'],
    rules: { 'no-restricted-imports': ['error', { paths: electronImports, patterns: webPatterns }] },
  },
  {
    files: ['main/web/server.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: electronImports, patterns: [...webPatterns, intoCore] }],
    },
  },
  {
    files: ['main/page/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImports,
          patterns: [
            intoMain(
              'electron|web',
              'main/page is what both shells (main/electron, main/web) use; it imports neither.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['preload/**'],
    ignores: ['preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [preloadOnly()] }] },
  },
  {
    files: ['preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [preloadOnly(['electron'])] }] },
  },
  {
    files: ['main/cli/**'],
    rules: { 'no-restricted-imports': ['error', { paths: electronImports }] },
  },
  {
    files: ['main/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImports,
          patterns: [
            {
              regex: '^(\\.\\./)+sandbox(/|$)|(^|/)main/sandbox(/|$)',
              message:
                'main/core imports nothing from main/sandbox: the composition roots pass the embedded sandbox starter in (main/sandbox/starter.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronImports,
          patterns: [
            { group: ['**/core/**', '**/cli/**'], message: 'The sandbox implements the spec on its own.' },
          ],
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
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'The renderer runs without Node or Electron.',
          })),
          patterns: nodeOnlyPatterns,
        },
      ],
    },
  },
  {
    // Every text staff read comes from the locale files (issue 28): literal text between JSX tags
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
  {
    files: ['shared/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'The contract imports nothing from outside its folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/web-protocol.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '.+',
              message:
                'The web bridge wire format imports nothing: the page bundle and the server both load it.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
