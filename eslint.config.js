// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The rules of the rooms (see the architecture page). The same rules are also checked by
 * test/unit/import-boundaries.spec.ts, so switching lint off cannot hide a breach.
 */
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Raw IPC lives only in main/electron/ipc-router.ts and preload/index.ts.',
            },
          ],
        },
      ],
    },
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
  prettier,
);
