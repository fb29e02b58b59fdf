import {
  PRESTART_LANGUAGE_ATTRIBUTE,
  PRESTART_LOOKUP_SELECTOR,
  PRESTART_ROOT_ATTRIBUTE,
  PRESTART_SUBMITTED_ATTRIBUTE,
} from './markers';

/** Where the pre-start lookup box was left when the app took over. */
export interface PrestartLookup {
  text: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  /** Enter (or Open) was pressed in it: the app opens what was typed. */
  submitted: boolean;
}

let held: HTMLInputElement | null = null;

/**
 * Called before the app's first render, which will replace #root's pre-start copy (prestart.ts):
 * keeps its lookup box, so the app's own (JumpForm) can go on from it.
 */
export function holdPrestart(root: HTMLElement): void {
  held = root.hasAttribute(PRESTART_ROOT_ATTRIBUTE)
    ? root.querySelector<HTMLInputElement>(PRESTART_LOOKUP_SELECTOR)
    : null;
}

/**
 * The pre-start lookup box as the user left it, once; null when there was none (or it was taken).
 * Read in a layout effect of the app's first commit: the copy took keystrokes until that commit
 * replaced it.
 */
export function takePrestartLookup(): PrestartLookup | null {
  const input = held;
  held = null;
  if (!input) return null;
  return {
    text: input.value,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
    submitted: input.hasAttribute(PRESTART_SUBMITTED_ATTRIBUTE),
  };
}

/**
 * Once the app's first render is committed: #root is the app's, and the copies of every language
 * go too (a start needs them once).
 */
export function releasePrestart(root: HTMLElement): void {
  held = null;
  root.removeAttribute(PRESTART_ROOT_ATTRIBUTE);
  for (const copy of document.querySelectorAll(`template[${PRESTART_LANGUAGE_ATTRIBUTE}]`)) copy.remove();
}
