import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Makes `import … from 'electron'` load fake-electron.ts in this worker (Node's module hooks), so
 * the shell's Electron wiring can be imported and driven in plain Node. Import this module, then
 * import the code under test dynamically (static imports are linked before any hook exists).
 */
const fake = pathToFileURL(join(import.meta.dirname, 'fake-electron.ts')).href;
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: ${JSON.stringify(fake)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
