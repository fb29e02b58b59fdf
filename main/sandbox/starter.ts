import type { SandboxHandle, SandboxOptions } from './index';

/**
 * The embedded sandbox's starter, for the composition roots (the app, the CLI, the web bridge)
 * to hand to the console core: the sandbox, and Fastify with it, is loaded by the first call,
 * not when the root is, so a command that never uses the local sandbox never pays for it.
 */
export function embeddedSandboxStarter(options: SandboxOptions = {}): () => Promise<SandboxHandle> {
  return async () => (await import('./index')).startSandbox(options);
}
