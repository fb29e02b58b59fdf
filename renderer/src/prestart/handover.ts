import {
  LOOKUP_INPUT_SELECTOR,
  PRESTART_LANGUAGE_ATTRIBUTE,
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
 * Called just before the app's first render replaces #root's pre-start shell (prestart.ts), in the
 * same task: keeps its lookup box, so the app's own (JumpForm) can start from what was typed in it.
 */
export function holdPrestart(root: HTMLElement): void {
  held = root.hasAttribute(PRESTART_ROOT_ATTRIBUTE)
    ? root.querySelector<HTMLInputElement>(LOOKUP_INPUT_SELECTOR)
    : null;
}

/**
 * Called once the first render is committed: #root is the app's, the pre-start box is gone, and
 * so are the copies of every language (a start needs them once; the page is the app's now).
 */
export function releasePrestart(root: HTMLElement): void {
  held = null;
  root.removeAttribute(PRESTART_ROOT_ATTRIBUTE);
  for (const copy of document.querySelectorAll(`template[${PRESTART_LANGUAGE_ATTRIBUTE}]`)) copy.remove();
}

/**
 * The pre-start lookup box as the user left it; null when there was none (or the first render is
 * over). Read during the first render, while nothing else can run: no keystroke falls in between.
 */
export function prestartLookup(): PrestartLookup | null {
  if (!held) return null;
  return {
    text: held.value,
    selectionStart: held.selectionStart,
    selectionEnd: held.selectionEnd,
    submitted: held.form?.hasAttribute(PRESTART_SUBMITTED_ATTRIBUTE) ?? false,
  };
}
