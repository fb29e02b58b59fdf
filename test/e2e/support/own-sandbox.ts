import { test } from '@playwright/test';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../main/sandbox';

/**
 * A sandbox of the enclosing describe block's own, besides the console's embedded one (a service
 * to inject faults in, a second environment, a stand-in for production): started before the
 * block's tests, closed after them. Answers a getter: the sandbox exists only once they run.
 */
export function sandboxPerDescribe(options: SandboxOptions): () => SandboxHandle {
  let sandbox: SandboxHandle | undefined;
  test.beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  test.afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the describe block’s own sandbox is used before its tests run');
    return sandbox;
  };
}
