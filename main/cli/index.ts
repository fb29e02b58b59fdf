/**
 * `npm run cli -- <command>` and the `paydesk` bin. V8 compiles the command line's whole bundle
 * (about 1.2 MB) on every run; Node's compile cache keeps that work between runs. It must be on
 * before the rest is loaded, hence this small entry and a dynamic import. The cache lives in the
 * user's own data folder, not a shared temporary one, so no other account can plant code in it.
 */
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { CLI_CODE_CACHE_FOLDER_NAME, resolveDataDir } from '../core/data-dir';

// NODE_COMPILE_CACHE, when set, is the user's own choice and wins. A folder that cannot be
// written only means no cache: enableCompileCache reports that instead of throwing.
if (process.env.NODE_COMPILE_CACHE === undefined) {
  enableCompileCache(join(resolveDataDir(process.env), CLI_CODE_CACHE_FOLDER_NAME));
}

await import('./run');
