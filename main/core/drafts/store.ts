import { readFile, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type {
  Draft,
  DraftForm,
  DraftKeeping,
  DraftLoad,
  DraftValues,
  Result,
} from '../../../shared/contract';
import { setFileAside } from '../settings';
import { writeFileAtomically } from '../storage/atomic-file';
import { withFileLock } from '../storage/file-lock';
import { openText, sealText, sealedBoxSchema } from '../storage/sealed-box';
import { storageError } from '../storage/storage-error';
import { validateEnvironmentId } from '../vault';
import type { DraftSealingSource } from './key';
import { draftFormSchema, draftValuesSchema } from './schema';

/**
 * The drafts: `<dataDir>/drafts/<environment id>/<form>.json`, one file per environment and form,
 * replaced whole on each save (last write wins), written atomically under a lock shared with the
 * other processes of the data folder. The fields are sealed with AES-256-GCM under the key kept
 * in the keychain (key.ts): a deposit draft holds the payer's name, e-mail and document, which
 * must never sit on disk in plain text. A file that cannot be read back (damaged, or sealed with
 * a key this keychain no longer has) is moved aside and the form starts empty.
 *
 * Where no key outlives the run (the keychain cannot be used, or a memory vault), drafts are kept
 * in this process's memory instead, never on disk, and every answer says so (`keeping`), so the
 * form can say up front that they end with the console. A sealed file found then is left as it
 * is (`sealedEarlier`): it is not damage, and a later run with the keychain opens it.
 */

const VERSION = 1;

const fileSchema = z.strictObject({
  version: z.literal(VERSION),
  environmentId: z.string(),
  form: draftFormSchema,
  savedAt: z.iso.datetime({ offset: true }),
  ...sealedBoxSchema.shape,
});

interface DraftStoreOptions {
  /** `<dataDir>/drafts`. */
  dir: string;
  /** The key to seal with, or why there is none that outlives the run (key.ts draftSealing). */
  sealing: DraftSealingSource;
  /** Epoch ms. */
  now: () => number;
}

export interface DraftStore {
  load(environmentId: string, form: DraftForm): Promise<Result<DraftLoad>>;
  save(
    environmentId: string,
    form: DraftForm,
    values: DraftValues,
  ): Promise<Result<{ savedAt: string; keeping: DraftKeeping }>>;
  discard(environmentId: string, form: DraftForm): Promise<Result<{ discarded: boolean }>>;
  /** Drops every draft of a removed environment. */
  forgetEnvironment(environmentId: string): Promise<Result<void>>;
  /** How a draft saved now would be kept. */
  keeping(): Promise<Result<DraftKeeping>>;
}

export const DRAFTS_FOLDER_NAME = 'drafts';
const DRAFTS_BUSY_MESSAGE = 'The draft is being saved by another Paydesk window or command; try again.';

/** Binds a sealed draft to its environment and form: a file copied to another place does not open. */
const additionalData = (environmentId: string, form: DraftForm): string =>
  `paydesk-draft:v${VERSION}:${environmentId}:${form}`;

const seal = (key: Buffer, environmentId: string, form: DraftForm, values: DraftValues) =>
  sealText(key, additionalData(environmentId, form), JSON.stringify(values));

/** The values of a file, or null when it does not open with this key or does not hold a draft. */
function open(key: Buffer, environmentId: string, form: DraftForm, text: string): Draft | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const file = fileSchema.safeParse(json);
  if (!file.success || file.data.environmentId !== environmentId || file.data.form !== form) return null;
  const plain = openText(key, additionalData(environmentId, form), file.data);
  if (plain === null) return null;
  let values: unknown;
  try {
    values = JSON.parse(plain);
  } catch {
    return null;
  }
  const parsed = draftValuesSchema.safeParse(values);
  return parsed.success ? { environmentId, form, values: parsed.data, savedAt: file.data.savedAt } : null;
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

export function createDraftStore({ dir, sealing, now }: DraftStoreOptions): DraftStore {
  /** Drafts saved while no key outlived the run, by file path: this process's memory only. */
  const unsealed = new Map<string, Draft>();

  /**
   * One queue per file in this process: a save, then a send's clear, take effect in the order
   * they arrived, so a save that was on its way cannot bring back a draft just sent.
   */
  const queues = new Map<string, Promise<unknown>>();
  const inOrder = <T>(path: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(path) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    queues.set(path, tail);
    void tail.then(() => {
      if (queues.get(path) === tail) queues.delete(path);
    });
    return run;
  };

  const pathOf = (environmentId: string, form: DraftForm): Result<string> => {
    const id = validateEnvironmentId(environmentId);
    if (!id.ok) return id;
    const known = draftFormSchema.safeParse(form);
    if (!known.success) {
      return {
        ok: false,
        error: { kind: 'validation', field: 'form', message: 'form is not a form with drafts.' },
      };
    }
    return { ok: true, data: join(dir, id.data, `${known.data}.json`) };
  };

  const fileLocked = <T>(path: string, critical: () => Promise<Result<T>>): Promise<Result<T>> =>
    withFileLock(`${path}.lock`, { subject: 'the draft', busyMessage: DRAFTS_BUSY_MESSAGE }, critical);
  const locked = <T>(path: string, critical: () => Promise<Result<T>>): Promise<Result<T>> =>
    inOrder(path, () => fileLocked(path, critical));

  /**
   * Both copies go: the one in memory, and a file sealed earlier even when this run cannot open
   * it, since a request just sent from this form must not come back later as a draft to send.
   */
  const remove = async (path: string): Promise<Result<{ discarded: boolean }>> => {
    const inMemory = unsealed.delete(path);
    try {
      await unlink(path);
      return { ok: true, data: { discarded: true } };
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return { ok: true, data: { discarded: inMemory } };
      return { ok: false, error: storageError('The draft could not be removed', error) };
    }
  };

  const writeSealed = async (path: string, key: Buffer, draft: Draft): Promise<Result<void>> => {
    const text = `${JSON.stringify({
      version: VERSION,
      environmentId: draft.environmentId,
      form: draft.form,
      savedAt: draft.savedAt,
      ...seal(key, draft.environmentId, draft.form, draft.values),
    })}\n`;
    try {
      await writeFileAtomically(path, text);
      return { ok: true, data: undefined };
    } catch (error) {
      return { ok: false, error: storageError('The draft could not be saved', error) };
    }
  };

  return {
    async load(environmentId, form) {
      const path = pathOf(environmentId, form);
      if (!path.ok) return path;
      return locked(path.data, async (): Promise<Result<DraftLoad>> => {
        const how = await sealing();
        if (!how.ok) return how;
        const { keeping } = how.data;
        let text: string | null;
        try {
          text = await readFile(path.data, 'utf8');
        } catch (error) {
          if (errnoOf(error) !== 'ENOENT')
            return { ok: false, error: storageError('The draft could not be read', error) };
          text = null;
        }
        const kept = unsealed.get(path.data);
        if (kept) {
          // Typed while no key was there; now that one is, it is sealed at once.
          if (how.data.keeping === 'sealed') {
            const written = await writeSealed(path.data, how.data.key, kept);
            if (written.ok) unsealed.delete(path.data);
          }
          return {
            ok: true,
            data: {
              draft: kept,
              setAside: false,
              keeping,
              sealedEarlier: text !== null && keeping !== 'sealed',
            },
          };
        }
        if (text === null)
          return { ok: true, data: { draft: null, setAside: false, keeping, sealedEarlier: false } };
        // Sealed under a key this run cannot use: kept for a run that can, and said so.
        if (how.data.keeping !== 'sealed')
          return { ok: true, data: { draft: null, setAside: false, keeping, sealedEarlier: true } };
        const draft = open(how.data.key, environmentId, form, text);
        if (draft) return { ok: true, data: { draft, setAside: false, keeping, sealedEarlier: false } };
        const moved = await setFileAside(path.data, new Date(now()));
        if (!moved.ok) {
          return {
            ok: false,
            error: { kind: 'storage', message: 'A saved draft is unreadable and could not be moved aside.' },
          };
        }
        return { ok: true, data: { draft: null, setAside: true, keeping, sealedEarlier: false } };
      });
    },

    async save(environmentId, form, values) {
      const path = pathOf(environmentId, form);
      if (!path.ok) return path;
      const checked = draftValuesSchema.safeParse(values);
      if (!checked.success) {
        return {
          ok: false,
          error: { kind: 'validation', field: 'values', message: 'values: not a form draft.' },
        };
      }
      // Queued from the call on, key read included: a clear that arrives later runs after it.
      return inOrder(path.data, async (): Promise<Result<{ savedAt: string; keeping: DraftKeeping }>> => {
        const how = await sealing();
        if (!how.ok) return how;
        const savedAt = new Date(now()).toISOString();
        const draft: Draft = { environmentId, form, values: checked.data, savedAt };
        const sealed = how.data;
        if (sealed.keeping !== 'sealed') {
          unsealed.set(path.data, draft);
          return { ok: true, data: { savedAt, keeping: sealed.keeping } };
        }
        const written = await fileLocked(path.data, () => writeSealed(path.data, sealed.key, draft));
        if (!written.ok) return written;
        unsealed.delete(path.data);
        return { ok: true, data: { savedAt, keeping: 'sealed' } };
      });
    },

    async discard(environmentId, form) {
      const path = pathOf(environmentId, form);
      if (!path.ok) return path;
      return locked(path.data, () => remove(path.data));
    },

    async forgetEnvironment(environmentId) {
      const id = validateEnvironmentId(environmentId);
      if (!id.ok) return id;
      const folder = join(dir, id.data);
      for (const path of unsealed.keys()) if (dirname(path) === folder) unsealed.delete(path);
      try {
        await rm(folder, { recursive: true, force: true });
        return { ok: true, data: undefined };
      } catch (error) {
        return {
          ok: false,
          error: storageError('The drafts of the environment could not be removed', error),
        };
      }
    },

    async keeping() {
      const how = await sealing();
      return how.ok ? { ok: true, data: how.data.keeping } : how;
    },
  };
}
