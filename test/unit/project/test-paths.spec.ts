import { globSync } from 'node:fs';
import { repositoryRoot } from '../../support/built-app';
import { expect, test } from '@playwright/test';

/**
 * The rule of docs/architecture.md ("Where a module's tests are"): a module's unit specs sit at
 * the path derived from the module's path, `<derived>.spec.ts` or `<derived>/<aspect>.spec.ts`;
 * specs of the project itself (not of one module) sit in test/unit/project/.
 */
const root = repositoryRoot;

/** Where each room's modules have their unit specs. */
const ROOM_TO_TESTS: ReadonlyArray<readonly [string, string]> = [
  ['main/core/', 'test/unit/'],
  ['main/', 'test/unit/'],
  ['renderer/src/', 'test/unit/renderer/'],
  ['shared/', 'test/unit/'],
  ['preload/', 'test/unit/preload/'],
];

function derivedTestPath(modulePath: string): string | null {
  const room = ROOM_TO_TESTS.find(([source]) => modulePath.startsWith(source));
  if (!room) return null;
  return room[1] + modulePath.slice(room[0].length).replace(/\.tsx?$/, '');
}

const files = (pattern: string): string[] =>
  globSync(pattern, { cwd: root }).map((path) => path.split('\\').join('/'));

test('the derived path of a module in each room', () => {
  expect(derivedTestPath('main/core/payments/states.ts')).toBe('test/unit/payments/states');
  expect(derivedTestPath('main/cli/run.ts')).toBe('test/unit/cli/run');
  expect(derivedTestPath('renderer/src/api/reference.ts')).toBe('test/unit/renderer/api/reference');
  expect(derivedTestPath('shared/contract/method.ts')).toBe('test/unit/contract/method');
  expect(derivedTestPath('preload/bridge.ts')).toBe('test/unit/preload/bridge');
  expect(derivedTestPath('docs/architecture.md')).toBeNull();
});

test("every unit spec sits at a module's derived path, or in test/unit/project/", () => {
  const modules = ['main/**/*.ts', 'renderer/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'preload/**/*.ts']
    .flatMap(files)
    .filter((path) => !path.endsWith('.d.ts'));
  const bases = new Set(modules.map(derivedTestPath).filter((base): base is string => base !== null));
  const belongs = (spec: string): boolean => {
    if (spec.startsWith('test/unit/project/')) return true;
    const stem = spec.replace(/\.spec\.tsx?$/, '');
    if (bases.has(stem)) return true;
    // `<derived>/<aspect>.spec.ts`, at any depth of aspect folders.
    for (let cut = stem.lastIndexOf('/'); cut > 0; cut = stem.lastIndexOf('/', cut - 1)) {
      if (bases.has(stem.slice(0, cut))) return true;
    }
    return false;
  };
  const specs = files('test/unit/**/*.spec.{ts,tsx}');
  expect(specs.length).toBeGreaterThan(100);
  expect(specs.filter((spec) => !belongs(spec))).toEqual([]);
});
