import { build } from 'esbuild';
import { resolve } from 'node:path';

const repositoryRoot = resolve(import.meta.dirname, '../..');

/**
 * preload/web-bridge.ts bundled into one classic script for the page (esbuild, which Vite and
 * tsx already bring). A classic script, not a module, so it runs before the app's module script.
 */
export async function bundlePageBridge(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { installWebBridge } from './preload/web-bridge';\ninstallWebBridge(window);\n",
      resolveDir: repositoryRoot,
      sourcefile: 'paydesk-bridge-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no page bridge bundle');
  return output.text;
}
