import { z } from 'zod';
import type { CredentialField } from '../../shared/contract';
import { createConsoleRuntime, createDispatcher, type ConsoleRuntime } from '../../main/core/console';
import { DRAFT_KEY_ACCOUNT } from '../../main/core/drafts';
import { createMemoryBackend } from '../../main/core/vault';

/**
 * A second process on a data folder (the CLI beside the app, say): a console runtime in a child
 * process of its own, driven over IPC by test/support/money-model.ts. It keeps its own journal
 * handle, file locks and settings reads, as a real second process does. Credentials come as an
 * overlay; its keychain is its own but holds the install's sealing key, as the one OS keychain
 * the app and the CLI share does, so each can retry the requests the other kept.
 */

const VAULT_SERVICE = 'paydesk-test-child';

const setupSchema = z.object({
  dataDir: z.string(),
  credentials: z.record(z.string(), z.string()),
  options: z.record(z.string(), z.unknown()),
  /** The install's key that seals kept requests (base64), as the parent's keychain holds it. */
  sealKey: z.string().optional(),
  /** How far the runtime's clock runs ahead of this machine's (the model's clock jumps). */
  clockOffsetMs: z.number().default(0),
});
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), id: z.number(), channel: z.string(), arg: z.unknown() }),
  z.object({ type: z.literal('reopen'), id: z.number() }),
  z.object({ type: z.literal('clock'), id: z.number(), offsetMs: z.number() }),
  z.object({ type: z.literal('close'), id: z.number() }),
]);

const setup = setupSchema.parse(JSON.parse(process.env.PAYDESK_CHILD_SETUP ?? '{}'));
let clockOffsetMs = setup.clockOffsetMs;

// One keychain for the life of the process: a restart of the runtime keeps it, as the OS keeps its keychain.
const keychain = createMemoryBackend();
if (setup.sealKey !== undefined) await keychain.set(VAULT_SERVICE, DRAFT_KEY_ACCOUNT, setup.sealKey);

function open(): ConsoleRuntime {
  return createConsoleRuntime({
    ...setup.options,
    dataDir: setup.dataDir,
    vault: { backend: keychain, service: VAULT_SERVICE },
    embeddedSandbox: false,
    osUser: 'second-process',
    now: () => Date.now() + clockOffsetMs,
    credentialOverlay: setup.credentials as Partial<Record<CredentialField, string>>,
  });
}

let runtime = open();
let dispatch = createDispatcher(runtime.api);

const done = (id: number): void => {
  process.send?.({ id, answer: { ok: true, data: null } });
};

process.on('message', (raw: unknown) => {
  const message = messageSchema.parse(raw);
  void (async (): Promise<void> => {
    if (message.type === 'call') {
      process.send?.({ id: message.id, answer: await dispatch(message.channel, message.arg) });
    } else if (message.type === 'reopen') {
      await runtime.close();
      runtime = open();
      dispatch = createDispatcher(runtime.api);
      done(message.id);
    } else if (message.type === 'clock') {
      clockOffsetMs = message.offsetMs;
      done(message.id);
    } else {
      await runtime.close();
      done(message.id);
      process.disconnect?.();
    }
  })();
});
process.send?.({ id: 0, answer: { ok: true, data: 'ready' } });
