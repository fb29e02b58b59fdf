import {
  TEXT_LANGUAGE_OF,
  type BatchSummary,
  type Language,
  type ReconcileSummary,
  type TextLanguage,
} from '../../shared/contract';

/**
 * When the desktop app looks for an update and when it asks to restart into one. Pure (no
 * electron import) so it is tested in Node; main/electron/updates.ts hands its answers to
 * electron-updater and Electron's dialog. The rules: off unless the build set a feed; the app
 * never restarts by itself, it asks ("Restart now" / "Later"); it does not ask while a call, a
 * batch or a reconciliation is running, since a restart would cut them; "Later" installs the
 * update when the person quits (electron-updater's autoInstallOnAppQuit).
 */

/** The first look a while after start (not competing with it), then every four hours. */
export const UPDATE_CHECK = { firstAfterMs: 60_000, everyMs: 4 * 60 * 60 * 1000 } as const;

/** How soon a busy app looks again whether it may ask. */
export const BUSY_RETRY_MS = 30_000;

/**
 * Whether this app looks for updates: packaged, and built with a feed. electron-builder writes
 * app-update.yml into the app's resources only when the build set one (PAYDESK_UPDATE_URL,
 * electron-builder.config.ts `updateFeed`), and it is the file electron-updater reads the feed
 * from, so its presence is the one fact to ask. A development run never does.
 */
export function updatesOn({
  packaged,
  feedFileExists,
}: {
  packaged: boolean;
  feedFileExists: boolean;
}): boolean {
  return packaged && feedFileExists;
}

/** What may not be cut by a restart: calls answering now, batches and reconciliations running. */
export function workInFlight({
  calls,
  batches,
  reconcileRuns,
}: {
  calls: number;
  batches: readonly Pick<BatchSummary, 'state'>[] | null;
  reconcileRuns: readonly Pick<ReconcileSummary, 'state'>[] | null;
}): boolean {
  // A list that could not be read may hide a running batch: counted as busy.
  if (batches === null || reconcileRuns === null) return true;
  return (
    calls > 0 ||
    batches.some((batch) => batch.state === 'running') ||
    reconcileRuns.some((run) => run.state === 'running')
  );
}

interface RestartFacts {
  /** The version downloaded and waiting to be installed, or null. */
  downloaded: string | null;
  /** The version the person answered "Later" for (it installs on quit; not asked again). */
  declined: string | null;
  /** The dialog is open now. */
  asking: boolean;
  busy: boolean;
}

type RestartStep = { step: 'nothing' } | { step: 'ask' } | { step: 'wait'; retryInMs: number };

/** What to do about a downloaded update now. */
export function nextRestartStep({ downloaded, declined, asking, busy }: RestartFacts): RestartStep {
  if (downloaded === null || asking || downloaded === declined) return { step: 'nothing' };
  if (busy) return { step: 'wait', retryInMs: BUSY_RETRY_MS };
  return { step: 'ask' };
}

type RestartAnswer = 'restart' | 'later';

/**
 * What an answer leads to. "Restart now" is checked again: work may have started while the
 * dialog was open (a batch runs on without the window), and then the app asks again once idle
 * rather than restart later without asking.
 */
export function afterAnswer(answer: RestartAnswer, busy: boolean): 'install' | 'keep' | 'ask-when-idle' {
  if (answer === 'later') return 'keep';
  return busy ? 'ask-when-idle' : 'install';
}

interface RestartDialogTexts {
  message: string;
  detail: string;
  /** In the order of RESTART_BUTTONS. */
  buttons: [restart: string, later: string];
}

/** The dialog's buttons, in order; "Later" is the default and what Escape answers. */
export const RESTART_BUTTONS: readonly RestartAnswer[] = ['restart', 'later'];

const DIALOG_TEXTS: Record<TextLanguage, (version: string) => RestartDialogTexts> = {
  en: (version) => ({
    message: `Paydesk ${version} is ready to install`,
    detail:
      'Restart now to use it: Paydesk waits for the calls still answering, then restarts. Or later: it is installed when you quit Paydesk.',
    buttons: ['Restart now', 'Later'],
  }),
  es: (version) => ({
    message: `Paydesk ${version} está listo para instalarse`,
    detail:
      'Reinicie ahora para usarlo: Paydesk espera las llamadas que aún responden y luego se reinicia. O más tarde: se instala cuando cierre Paydesk.',
    buttons: ['Reiniciar ahora', 'Más tarde'],
  }),
  'pt-BR': (version) => ({
    message: `Paydesk ${version} está pronto para instalar`,
    detail:
      'Reinicie agora para usá-lo: o Paydesk espera as chamadas que ainda respondem e depois reinicia. Ou mais tarde: ele é instalado quando você sair do Paydesk.',
    buttons: ['Reiniciar agora', 'Mais tarde'],
  }),
};

/** The restart dialog in the user's language (main has no i18next: a table, as the menus'). */
export function restartDialogTexts(version: string, language: Language = 'en'): RestartDialogTexts {
  return DIALOG_TEXTS[TEXT_LANGUAGE_OF[language]](version);
}
