import type { DoctorReport } from '../../../shared/contract';
import {
  addEnvironmentFor,
  control,
  dataOf,
  expect,
  FAST_CLIENT,
  test,
  type Console,
} from './console-fixture';

/**
 * D13 through the console core: time travel moves only the sandbox's business clock, so the
 * console's clock indicator (getClockStatus, fed by the answers' Date header) and the Doctor stay
 * "in sync" after it, while a skew set explicitly on the sandbox is still seen and reported.
 */

const verdictOf = (report: DoctorReport, set: string): string | undefined =>
  report.checks.find((check) => check.set === set)?.verdict;

async function doctor(console: Console, environmentId: string): Promise<DoctorReport> {
  return dataOf(await console.call('runDoctor', { environmentId }));
}

test('after an hour and 8 days of time travel on the local sandbox the clock stays in sync, no correction', async ({
  openConsole,
}) => {
  const console = openConsole();
  expect(verdictOf(await doctor(console, 'local-sandbox'), 'signed')).toBe('ok');
  for (const seconds of [3600, 8 * 86_400]) {
    dataOf(await console.call('advanceSandboxClock', { seconds }));
    const report = await doctor(console, 'local-sandbox');
    expect(verdictOf(report, 'signed')).toBe('ok');
    expect(report.clock).toMatchObject({ state: 'in_sync', correctionActive: false, blocksMutations: false });
    expect(Math.abs(report.clock.offsetMs ?? Infinity)).toBeLessThan(2000);
    const status = dataOf(await console.call('getClockStatus', { environmentId: 'local-sandbox' }));
    expect(status).toMatchObject({ state: 'in_sync', correctionActive: false });
  }
});

test('a skew set explicitly on the sandbox is reported (corrected), time travel adding nothing to it', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 71 });
  await control(service, '/clock/advance', { seconds: 3600 });
  await control(service, '/clock/skew', { seconds: 45 });
  const console = openConsole();
  const profile = await addEnvironmentFor(
    console,
    { name: 'Skewed after travel', kind: 'testing', baseUrl: service.baseUrl },
    { ...service.credentials },
  );
  const report = await doctor(console, profile.id);
  expect(verdictOf(report, 'signed')).toBe('ok');
  expect(report.clock).toMatchObject({ state: 'corrected', correctionActive: true });
  expect(Math.abs((report.clock.offsetMs ?? 0) - 45_000)).toBeLessThan(2000);
});

test('the same explicit skew with correction off is the Doctor’s clock_skew verdict and blocks mutations', async ({
  openConsole,
  sandbox,
}) => {
  const service = await sandbox({ seed: 72 });
  await control(service, '/clock/advance', { seconds: 3600 });
  await control(service, '/clock/skew', { seconds: -45 });
  const console = openConsole({ client: { ...FAST_CLIENT, clock: { correct: false } } });
  const profile = await addEnvironmentFor(
    console,
    { name: 'Skewed, no correction', kind: 'testing', baseUrl: service.baseUrl },
    { ...service.credentials },
  );
  const report = await doctor(console, profile.id);
  expect(verdictOf(report, 'signed')).toBe('clock_skew');
  expect(report.clock).toMatchObject({ state: 'uncorrectable', blocksMutations: true });
  expect(Math.abs((report.clock.offsetMs ?? 0) + 45_000)).toBeLessThan(2000);
});
