import {
  LOOKUP_INPUT_SELECTOR,
  PRESTART_CLICK_ATTRIBUTE,
  PRESTART_FOCUS_ATTRIBUTE,
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
 * Called before the app's first render, which will replace #root's pre-start copy (prestart.ts):
 * keeps its lookup box, so the app's own (JumpForm) can go on from it.
 */
export function holdPrestart(root: HTMLElement): void {
  held = root.hasAttribute(PRESTART_ROOT_ATTRIBUTE)
    ? root.querySelector<HTMLInputElement>(LOOKUP_INPUT_SELECTOR)
    : null;
}

/**
 * The pre-start lookup box as the user left it, once; null when there was none (or it was taken).
 * Taken in a layout effect of the app's first commit: the copy was in the page, taking keystrokes,
 * until that commit replaced it, and nothing else runs between the two.
 */
export function takePrestartLookup(): PrestartLookup | null {
  const input = held;
  held = null;
  if (!input) return null;
  return {
    text: input.value,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
    submitted: input.form?.hasAttribute(PRESTART_SUBMITTED_ATTRIBUTE) ?? false,
  };
}

/**
 * Once the first render is committed, in its layout effects (after the lookup box took over):
 * #root is the app's, and the copies of every language go too (a start needs them once). The focus
 * goes where it was in the copy, if not in the lookup box (which has it by then). Answers the
 * header button clicked in the copy (Ctrl/Cmd+K: the jump button), for the caller to click once
 * the app is on screen.
 */
export function releasePrestart(root: HTMLElement): (() => void) | null {
  held = null;
  const focused = root.getAttribute(PRESTART_FOCUS_ATTRIBUTE);
  const clicked = root.getAttribute(PRESTART_CLICK_ATTRIBUTE);
  for (const attribute of [PRESTART_ROOT_ATTRIBUTE, PRESTART_FOCUS_ATTRIBUTE, PRESTART_CLICK_ATTRIBUTE])
    root.removeAttribute(attribute);
  for (const copy of document.querySelectorAll(`template[${PRESTART_LANGUAGE_ATTRIBUTE}]`)) copy.remove();
  if (focused && focused !== LOOKUP_INPUT_SELECTOR) root.querySelector<HTMLElement>(focused)?.focus();
  return clicked ? () => root.querySelector<HTMLElement>(clicked)?.click() : null;
}
