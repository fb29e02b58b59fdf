import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

// From the module's URL: electron-vite bundles the config with its imports into one file at the
// repository root, where import.meta.dirname would name the root, not this folder.
const STYLES_DIR = fileURLToPath(new URL('../node_modules/@mantine/core/styles', import.meta.url));

/**
 * Mantine's stylesheet per component instead of the whole of it (every component Mantine has):
 * each class-name module of @mantine/core (`<Name>.module.mjs`, imported by the component that
 * uses those classes) gets an import of `@mantine/core/styles/<Name>.css`, the file that defines
 * them, so a chunk carries the CSS of exactly the components it uses: the first screen parses and
 * matches the shell's rules only, and a lazy screen brings its own.
 *
 * Order is Mantine's: what every component needs (baseline, CSS variables, global classes) comes
 * with Box, which every component renders and imports before its own classes, so it precedes all
 * of them (a component's rule must win over a global one of the same specificity); and a
 * component imports the components it builds on before its own classes, so theirs come first.
 */
export function mantineStylesByComponent(): Plugin {
  const classModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/;
  const box = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]Box[\\/]Box\.mjs$/;
  const imports = (names: readonly string[]): string =>
    names.map((name) => `import '@mantine/core/styles/${name}.css';\n`).join('');
  return {
    name: 'paydesk-mantine-styles-by-component',
    transform: {
      filter: { id: [classModule, box] },
      handler(code, id) {
        if (box.test(id))
          return { code: imports(['baseline', 'default-css-variables', 'global']) + code, map: null };
        const name = classModule.exec(id)?.[1];
        if (!name || !existsSync(resolve(STYLES_DIR, `${name}.css`))) return null;
        return { code: imports([name]) + code, map: null };
      },
    },
  };
}
