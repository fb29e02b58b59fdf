import { startPreferences } from '../shell/start-hint';
import {
  JUMP_BUTTON_TEST_ID,
  LOOKUP_FORM_SELECTOR,
  LOOKUP_INPUT_SELECTOR,
  PRESTART_CLICK_ATTRIBUTE,
  PRESTART_FOCUS_ATTRIBUTE,
  PRESTART_LANGUAGE_ATTRIBUTE,
  PRESTART_ROOT_ATTRIBUTE,
  PRESTART_SUBMITTED_ATTRIBUTE,
} from './markers';

/**
 * The pre-start script: a classic script at the end of index.html's body (electron.vite.config.ts
 * prestartShell), run by the parser before it even meets the app's entry module, which comes next. It
 * shows the first screen from the build-time copy in the user's language (prerender.tsx), with the
 * lookup box focused, so an id can be typed while the app loads; Enter pressed meanwhile is noted
 * on the form, and the app opens what was typed when it takes over (handover.ts).
 *
 * Only where that copy is exactly what the app's first render would show: the lookup route (a
 * reload elsewhere in the browser build starts on another screen) and the system theme (the
 * header names an explicitly chosen theme). Otherwise the page stays as it always was until the
 * app renders.
 */
function showFirstScreen(): void {
  if (location.hash !== '' && location.hash !== '#/') return;
  const { language, theme } = startPreferences();
  if (theme !== 'system') return;
  const root = document.getElementById('root');
  const copy = document.querySelector<HTMLTemplateElement>(
    `template[${PRESTART_LANGUAGE_ATTRIBUTE}="${language}"]`,
  );
  if (!root || !copy || root.firstChild) return;
  // What Mantine's provider sets in an effect; before the first paint here, so no light flash.
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  document.documentElement.lang = language;
  root.append(copy.content.cloneNode(true));
  root.setAttribute(PRESTART_ROOT_ATTRIBUTE, language);
  const form = root.querySelector<HTMLFormElement>(LOOKUP_FORM_SELECTOR);
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    form.setAttribute(PRESTART_SUBMITTED_ATTRIBUTE, '');
  });
  noteIntents(root);
  root.querySelector<HTMLInputElement>(LOOKUP_INPUT_SELECTOR)?.focus();
}

/** The same element in the app's render: its test id or its navbar entry, as a selector. */
function selectorOf(element: EventTarget | null): string | null {
  if (!(element instanceof Element)) return null;
  const named = element.closest('[data-testid], [data-nav]');
  const testId = named?.getAttribute('data-testid');
  if (testId) return `[data-testid="${CSS.escape(testId)}"]`;
  const nav = named?.getAttribute('data-nav');
  return nav ? `[data-nav="${CSS.escape(nav)}"]` : null;
}

/**
 * What a keyboard or mouse user does before the app runs, besides typing in the lookup box, kept
 * on #root for the app to carry on (handover.ts): where the focus is (Tab to a header button or a
 * navbar entry), and a header button clicked or Ctrl/Cmd+K pressed. Navbar links need nothing:
 * they change the address, which the app starts from. Nothing is noted once the app took over.
 */
function noteIntents(root: HTMLElement): void {
  // The copy's own elements: the app's, which replace them, are not the user's doing (its lookup
  // box takes the focus as it mounts, before the copy's traces are cleared).
  const copy = [...root.children];
  const inCopy = (target: EventTarget | null): boolean =>
    target instanceof Node && copy.some((element) => element.contains(target));
  const before = (): boolean => root.hasAttribute(PRESTART_ROOT_ATTRIBUTE);
  root.addEventListener('focusin', (event) => {
    const focused = selectorOf(event.target);
    if (!before() || !inCopy(event.target)) return;
    if (focused) root.setAttribute(PRESTART_FOCUS_ATTRIBUTE, focused);
    else root.removeAttribute(PRESTART_FOCUS_ATTRIBUTE);
  });
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const clicked = selectorOf(button);
    if (before() && inCopy(button) && clicked) root.setAttribute(PRESTART_CLICK_ATTRIBUTE, clicked);
  });
  document.addEventListener('keydown', (event) => {
    if (!before() || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return;
    event.preventDefault();
    root.setAttribute(PRESTART_CLICK_ATTRIBUTE, `[data-testid="${JUMP_BUTTON_TEST_ID}"]`);
  });
}

showFirstScreen();
