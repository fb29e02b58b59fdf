import { CREDENTIAL_FIELDS } from '../../../shared/contract';
import type { SandboxHandle } from '../../../main/sandbox';
import type { PaydeskCaller } from '../fixtures';

/**
 * For the money screens' specs: an environment on a sandbox a test started itself (to inject
 * faults, or to stand in for production), with its six credentials, made the active one. Use it
 * with `test.use({ freshBridge: true })`: it changes the bridge's environments.
 */
export async function useSandboxEnvironment(
  paydesk: PaydeskCaller,
  sandbox: SandboxHandle,
  name: string,
  kind: 'testing' | 'production',
): Promise<string> {
  const added = await paydesk.call('addEnvironment', { name, kind, baseUrl: sandbox.baseUrl });
  if (!added.ok) throw new Error(added.error.message);
  for (const field of CREDENTIAL_FIELDS) {
    const set = await paydesk.call('setCredential', {
      environmentId: added.data.id,
      field,
      value: sandbox.credentials[field],
    });
    if (!set.ok) throw new Error(set.error.message);
  }
  const used = await paydesk.call('useEnvironment', { id: added.data.id });
  if (!used.ok) throw new Error(used.error.message);
  return added.data.id;
}

/** POST /__sandbox/faults of a sandbox (main/sandbox/faults.ts): `{ rate: 0 }` turns them off. */
export async function setSandboxFaults(sandbox: SandboxHandle, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.controlUrl}/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`faults: HTTP ${response.status}`);
}

/**
 * Runs `body` with `sandbox` the active environment ("Slow sandbox") and every answer of it late,
 * from a tenth of `maxLatencyMs` to all of it; the faults are off again after, whatever happens.
 */
export async function whileSlowService(
  paydesk: PaydeskCaller,
  sandbox: SandboxHandle,
  maxLatencyMs: number,
  body: () => Promise<void>,
): Promise<void> {
  await useSandboxEnvironment(paydesk, sandbox, 'Slow sandbox', 'testing');
  await setSandboxFaults(sandbox, { rate: 1, kinds: ['latency'], max_latency_ms: maxLatencyMs, seed: 3 });
  try {
    await body();
  } finally {
    await setSandboxFaults(sandbox, { rate: 0 });
  }
}
