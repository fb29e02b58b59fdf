import { expect, test } from '@playwright/test';
import { LANGUAGES } from '../../../shared/contract';
import {
  afterAnswer,
  BUSY_RETRY_MS,
  nextRestartStep,
  RESTART_BUTTONS,
  restartDialogTexts,
  UPDATE_CHECK,
  updatesOn,
  workInFlight,
} from '../../../main/electron/update-policy';

/** When the app looks for updates and when it asks to restart into one (no electron-updater needed). */

test('off unless the app is packaged and the build wrote a feed into it', () => {
  expect(updatesOn({ packaged: true, feedFileExists: true })).toBe(true);
  expect(updatesOn({ packaged: true, feedFileExists: false })).toBe(false);
  // A development run never looks, whatever lies around.
  expect(updatesOn({ packaged: false, feedFileExists: true })).toBe(false);
  expect(UPDATE_CHECK.firstAfterMs).toBeGreaterThan(0);
  expect(UPDATE_CHECK.everyMs).toBeGreaterThanOrEqual(60 * 60 * 1000);
});

test('busy while a call answers, a batch or a reconciliation runs, or either list cannot be read', () => {
  const idle = {
    calls: 0,
    batches: [{ state: 'done' as const }],
    reconcileRuns: [{ state: 'failed' as const }],
  };
  expect(workInFlight(idle)).toBe(false);
  expect(workInFlight({ ...idle, calls: 1 })).toBe(true);
  expect(workInFlight({ ...idle, batches: [{ state: 'cancelled' }, { state: 'running' }] })).toBe(true);
  expect(workInFlight({ ...idle, reconcileRuns: [{ state: 'running' }] })).toBe(true);
  expect(workInFlight({ ...idle, batches: null })).toBe(true);
  expect(workInFlight({ ...idle, reconcileRuns: null })).toBe(true);
});

test('a downloaded update is asked about once idle, never while busy, and not again after "Later"', () => {
  const ready = { downloaded: '0.2.0', declined: null, asking: false, busy: false };
  expect(nextRestartStep(ready)).toEqual({ step: 'ask' });
  expect(nextRestartStep({ ...ready, busy: true })).toEqual({ step: 'wait', retryInMs: BUSY_RETRY_MS });
  expect(nextRestartStep({ ...ready, downloaded: null })).toEqual({ step: 'nothing' });
  // One dialog at a time.
  expect(nextRestartStep({ ...ready, asking: true })).toEqual({ step: 'nothing' });
  // "Later" for this version: it installs on quit; a newer download asks again.
  expect(nextRestartStep({ ...ready, declined: '0.2.0' })).toEqual({ step: 'nothing' });
  expect(nextRestartStep({ ...ready, declined: '0.2.0', downloaded: '0.3.0' })).toEqual({ step: 'ask' });
});

test('"Restart now" installs only if nothing started meanwhile; "Later" keeps it for the next quit', () => {
  expect(afterAnswer('restart', false)).toBe('install');
  expect(afterAnswer('restart', true)).toBe('ask-when-idle');
  expect(afterAnswer('later', false)).toBe('keep');
  expect(afterAnswer('later', true)).toBe('keep');
});

test('the dialog: "Restart now" then "Later", in each language, naming the version', () => {
  expect(RESTART_BUTTONS).toEqual(['restart', 'later']);
  expect(restartDialogTexts('0.2.0').buttons).toEqual(['Restart now', 'Later']);
  expect(restartDialogTexts('0.2.0', 'es-MX').buttons).toEqual(['Reiniciar ahora', 'Más tarde']);
  expect(restartDialogTexts('0.2.0', 'pt-BR').buttons).toEqual(['Reiniciar agora', 'Mais tarde']);
  for (const language of LANGUAGES) {
    const texts = restartDialogTexts('0.2.0', language);
    expect(texts.message, language).toContain('0.2.0');
    expect(texts.detail.length, language).toBeGreaterThan(0);
  }
});
