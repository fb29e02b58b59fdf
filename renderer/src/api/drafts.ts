import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ConsoleError,
  DraftForm,
  DraftKeeping,
  DraftLoad,
  DraftValues,
  Result,
} from '../../../shared/contract';
import { paydesk } from './bridge';
import { toConsoleError } from './console-failure';

/** How long typing may pause before the draft is saved. */
const DRAFT_SAVE_DEBOUNCE_MS = 500;

/**
 * Where the reason typed for the journal is kept in a draft: beside the form's own fields, under a
 * name no form field has, so every form's draft carries it the same way.
 */
const DRAFT_REASON_FIELD = '@reason';

type DraftState =
  | { phase: 'loading' }
  /** No draft in main (none yet, sent or discarded). */
  | { phase: 'none' }
  | { phase: 'saving' }
  | { phase: 'saved'; savedAt: string }
  | { phase: 'failed'; error: ConsoleError };

interface DraftOptions<T> {
  form: DraftForm;
  /** The environment the form belongs to; null while none is known (nothing is loaded or saved). */
  environmentId: string | null;
  values: T;
  /** The form as it opens: a form back at this is no draft. */
  blank: T;
  toDraft: (values: T) => DraftValues;
  /** The form for a saved draft; null when the draft does not fit this form (it is left alone). */
  fromDraft: (values: DraftValues) => T | null;
  onRestore: (values: T) => void;
  /** The reason typed for the audit journal (production needs one): drafted with the form. */
  reason?: { value: string; onRestore: (reason: string) => void };
  /** False: neither load nor save (a form prefilled from the address keeps the draft untouched). */
  enabled?: boolean;
}

export interface DraftHandle {
  state: DraftState;
  /** Where main keeps this form's draft (null until it said): the form tells it before any typing. */
  keeping: DraftKeeping | null;
  /** An earlier draft could not be read and was set aside. */
  setAside: boolean;
  /** A draft saved earlier is sealed on disk under a key this run cannot use (left as it is). */
  sealedEarlier: boolean;
  /** Whether main holds a draft of this form now. */
  exists: boolean;
  /** Call right before sending: what is still waiting is saved first, so main clears the latest. */
  beforeSend: () => void;
  /** Call once the send settled: main cleared the draft if the request went out, kept it if refused before. */
  afterSend: () => void;
  /** Removes the draft; the caller empties the form. */
  discard: () => Promise<void>;
}

async function call<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (thrown) {
    return { ok: false, error: toConsoleError(thrown) };
  }
}

/**
 * A form's draft, kept by main (never in the page): loaded once when the form opens, saved a
 * moment after typing pauses and at once when the form closes, so navigating away loses nothing.
 */
export function useDraft<T>(options: DraftOptions<T>): DraftHandle {
  const { form, environmentId, values, enabled = true } = options;
  const [state, setState] = useState<DraftState>({ phase: enabled ? 'loading' : 'none' });
  const [keeping, setKeeping] = useState<DraftKeeping | null>(null);
  const [setAside, setSetAside] = useState(false);
  const [sealedEarlier, setSealedEarlier] = useState(false);
  const latest = useRef(options);
  // First of the effects: those below and the callbacks read this render's options.
  useEffect(() => {
    latest.current = options;
  });
  /** JSON of what main holds (or the blank form when it holds none); null until loaded. */
  const stored = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => void) | null>(null);

  const json = JSON.stringify(draftValuesOf(options, values));
  const blankJson = JSON.stringify(options.toDraft(options.blank));

  useEffect(() => {
    if (!enabled || environmentId === null) return;
    let live = true;
    void call(() => paydesk().loadDraft({ environmentId, form })).then((loaded) => {
      if (!live) return;
      const current = latest.current;
      const { toDraft, fromDraft, onRestore, blank, values: shown } = current;
      const blankJson = JSON.stringify(toDraft(blank));
      if (!loaded.ok) {
        stored.current = blankJson;
        setState({ phase: 'failed', error: loaded.error });
        return;
      }
      setSetAside(loaded.data.setAside);
      setKeeping(loaded.data.keeping);
      setSealedEarlier(loaded.data.sealedEarlier);
      const { [DRAFT_REASON_FIELD]: savedReason, ...fields } = loaded.data.draft?.values ?? {};
      const restored = loaded.data.draft ? fromDraft(fields) : null;
      // Typing that began before the answer is not overwritten: it becomes the draft instead.
      const typedMeanwhile = JSON.stringify(draftValuesOf(current, shown)) !== blankJson;
      if (loaded.data.draft && restored !== null && !typedMeanwhile) {
        const reason = typeof savedReason === 'string' ? savedReason : '';
        stored.current = JSON.stringify(draftValuesOf(current, restored, reason));
        onRestore(restored);
        current.reason?.onRestore(reason);
        setState({ phase: 'saved', savedAt: loaded.data.draft.savedAt });
      } else {
        stored.current = blankJson;
        setState({ phase: 'none' });
      }
    });
    return () => {
      live = false;
    };
  }, [enabled, environmentId, form]);

  // Once loaded, what was typed while loading is saved too.
  const loaded = state.phase !== 'loading';
  useEffect(() => {
    if (!enabled || !loaded || environmentId === null || stored.current === null || json === stored.current)
      return;
    const values = JSON.parse(json) as DraftValues;
    const empty = json === blankJson;
    const flush = () => {
      timer.current = null;
      pending.current = null;
      stored.current = json;
      setState({ phase: 'saving' });
      void call<{ savedAt: string; keeping: DraftKeeping } | { discarded: boolean }>(() =>
        empty
          ? paydesk().discardDraft({ environmentId, form })
          : paydesk().saveDraft({ environmentId, form, values }),
      ).then((saved) => {
        if (stored.current !== json) return; // a later change is on its way
        if (!saved.ok) setState({ phase: 'failed', error: saved.error });
        else if ('savedAt' in saved.data) {
          setKeeping(saved.data.keeping);
          setState({ phase: 'saved', savedAt: saved.data.savedAt });
        } else setState({ phase: 'none' });
      });
    };
    if (timer.current !== null) clearTimeout(timer.current);
    pending.current = flush;
    timer.current = setTimeout(flush, DRAFT_SAVE_DEBOUNCE_MS);
  }, [enabled, loaded, environmentId, form, json, blankJson]);

  // Leaving the form (another screen) saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );

  const beforeSend = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    pending.current?.();
  }, []);

  const afterSend = useCallback(() => {
    const { environmentId: id, form: which } = latest.current;
    if (id === null) return;
    void call(() => paydesk().loadDraft({ environmentId: id, form: which })).then((loaded) => {
      if (!loaded.ok) return;
      const current = latest.current;
      setKeeping(loaded.data.keeping);
      setSealedEarlier(loaded.data.sealedEarlier);
      if (loaded.data.draft) {
        stored.current = JSON.stringify(loaded.data.draft.values);
        setState({ phase: 'saved', savedAt: loaded.data.draft.savedAt });
      } else {
        // Sent: what is on screen went out and is not saved again unless it is changed.
        stored.current = JSON.stringify(draftValuesOf(current, current.values));
        setState({ phase: 'none' });
      }
    });
  }, []);

  const discard = useCallback(async () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    const { environmentId: id, form: which, toDraft, blank } = latest.current;
    stored.current = JSON.stringify(toDraft(blank));
    if (id === null) return;
    const discarded = await call(() => paydesk().discardDraft({ environmentId: id, form: which }));
    setState(discarded.ok ? { phase: 'none' } : { phase: 'failed', error: discarded.error });
    setSetAside(false);
    if (discarded.ok) setSealedEarlier(false);
  }, []);

  return {
    state,
    keeping,
    setAside,
    sealedEarlier,
    exists: state.phase === 'saved' || state.phase === 'saving',
    beforeSend,
    afterSend,
    discard,
  };
}

/** The form's fields and, when one is typed, the reason: what main keeps as the draft. */
function draftValuesOf<T>(
  options: Pick<DraftOptions<T>, 'toDraft' | 'reason'>,
  values: T,
  reason = options.reason?.value ?? '',
): DraftValues {
  const fields = options.toDraft(values);
  return reason === '' || !options.reason ? fields : { ...fields, [DRAFT_REASON_FIELD]: reason };
}

/** A form's draft read once, outside a form (a screen choosing what to open). */
export function loadDraft(environmentId: string, form: DraftForm): Promise<Result<DraftLoad>> {
  return call(() => paydesk().loadDraft({ environmentId, form }));
}
