/**
 * Run in a child process by keychain-unavailable.spec.ts, so that keytar meets the D-Bus
 * environment the test gives it (libsecret binds to the session bus once per process).
 * Prints one JSON line: the answer of each vault operation.
 */
import { createKeytarBackend } from '../../../main/core/vault/keytar-backend';
import { createVault } from '../../../main/core/vault/vault';

const service = process.argv[2] ?? 'paydesk-test-child';
const secret = process.argv[3] ?? 'Child-Secret-Value-0001';
const vault = createVault({ backend: createKeytarBackend({ timeoutMs: 10_000 }), service });

const answers = {
  set: await vault.set('testing-a1b2c3', 'apiSecret', secret),
  status: await vault.status('testing-a1b2c3'),
  read: await vault.read('testing-a1b2c3'),
  clear: await vault.clear('testing-a1b2c3', 'apiSecret'),
  clearAll: await vault.clearAll('testing-a1b2c3'),
  environmentIds: await vault.environmentIds(),
};
process.stdout.write(`${JSON.stringify(answers)}\n`);
