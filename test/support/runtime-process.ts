import { z } from 'zod';
import type { CredentialField } from '../../shared/contract';
import { createConsoleRuntime, createDispatcher, type ConsoleRuntime } from '../../main/core/console';
import { createMemoryBackend } from '../../main/core/vault';

/**
 * A second process on a data folder (the CLI beside the app, say): a console runtime in a child
 * process of its own, driven over IPC by test/support/money-model.ts. It keeps its own journal
 * handle, file locks and settings reads, as a real second process does. Credentials come as an
 * overlay (its keychain is its own).
 */

const setupSchema = z.object({
  dataDir: z.string(),
  credentials: z.record(z.string(), z.string()),
  options: z.record(z.string(), z.unknown()),
});
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), id: z.number(), channel: z.string(), arg: z.unknown() }),
  z.object({ type: z.literal('reopen'), id: z.number() }),
  z.object({ type: z.literal('close'), id: z.number() }),
]);

const setup = setupSchema.parse(JSON.parse(process.env.PAYDESK_CHILD_SETUP ?? '{}'));

function open(): ConsoleRuntime {
  return createConsoleRuntime({
    ...setup.options,
    dataDir: setup.dataDir,
    vault: { backend: createMemoryBackend(), service: 'paydesk-test-child' },
    embeddedSandbox: false,
    osUser: 'second-process',
    credentialOverlay: setup.credentials as Partial<Record<CredentialField, string>>,
  });
}

let runtime = open();
let dispatch = createDispatcher(runtime.api);

process.on('message', (raw: unknown) => {
  const message = messageSchema.parse(raw);
  void (async (): Promise<void> => {
    if (message.type === 'call') {
      process.send?.({ id: message.id, answer: await dispatch(message.channel, message.arg) });
    } else if (message.type === 'reopen') {
      await runtime.close();
      runtime = open();
      dispatch = createDispatcher(runtime.api);
      process.send?.({ id: message.id, answer: { ok: true, data: null } });
    } else {
      await runtime.close();
      process.send?.({ id: message.id, answer: { ok: true, data: null } });
      process.disconnect?.();
    }
  })();
});
process.send?.({ id: 0, answer: { ok: true, data: 'ready' } });
