import { startPreferences } from '../shell/start-hint';
import { prestartApplies } from './applies';
import {
  PRESTART_LANGUAGE_ATTRIBUTE,
  PRESTART_LOOKUP_SELECTOR,
  PRESTART_ROOT_ATTRIBUTE,
  PRESTART_SUBMITTED_ATTRIBUTE,
} from './markers';

/**
 * The pre-start script: a classic script at the end of index.html's body (build/prestart-plugin.ts),
 * run by the parser before it meets the app's entry module, which comes next. Where the shell
 * applies (applies.ts), it shows the first screen from the build-time copy in the user's language
 * (prerender.tsx) with the lookup box focused, so an id can be typed while the app loads; an Enter
 * pressed meanwhile is noted on the box. The app's box carries on from it (handover.ts).
 */
function showFirstScreen(): void {
  const { language, theme } = startPreferences();
  if (!prestartApplies({ hash: location.hash, theme })) return;
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
  const box = root.querySelector<HTMLInputElement>(PRESTART_LOOKUP_SELECTOR);
  if (!box) return;
  // Kept, not sent: nothing can open the id before the app runs (and the CSP forbids a form action).
  box.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    box.setAttribute(PRESTART_SUBMITTED_ATTRIBUTE, '');
  });
  box.focus();
}

showFirstScreen();
