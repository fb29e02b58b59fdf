import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Gives the test workers a real Secret Service, so the keychain suites run against what users
 * have (libsecret over D-Bus) rather than a stand-in.
 *
 * When the current session bus already offers a working Secret Service, it is used as it is
 * (the tests only ever touch `paydesk-test-<random>` services). Otherwise a private D-Bus session
 * daemon and an unlocked gnome-keyring (empty password, on stdin) are started in a temp HOME and
 * XDG folders, `DBUS_SESSION_BUS_ADDRESS` is exported to the workers, and both are stopped at
 * teardown. The outcome goes to the workers in PAYDESK_TEST_KEYCHAIN (`available: …` or
 * `unavailable: …`); test/support/keychain.ts turns `unavailable` into a failure.
 * macOS and Windows have their keychain built in: there it is only probed.
 */

const repositoryRoot = join(import.meta.dirname, '..');
const PROBE_TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 10_000;

/** Stores, reads back and deletes one entry in a throw-away service, in a child process. */
const probeScript = `
const keytar = (await import('keytar')).default;
const service = process.argv[1];
await keytar.setPassword(service, 'probe', 'probe-value');
const value = await keytar.getPassword(service, 'probe');
await keytar.deletePassword(service, 'probe');
if (value !== 'probe-value') throw new Error('the keychain answered a different value');
`;

async function probeKeychain(env: NodeJS.ProcessEnv): Promise<{ ok: true } | { ok: false; reason: string }> {
  const service = `paydesk-test-probe-${randomBytes(4).toString('hex')}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', probeScript, service], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: PROBE_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ ok: false, reason: error.message }));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve({ ok: true });
      const lastError = stderr
        .split('\n')
        .map((line) => line.trim())
        .find((line) => /error/i.test(line));
      resolve({
        ok: false,
        reason: signal ? `the probe was stopped (${signal})` : (lastError ?? `exit code ${code}`),
      });
    });
  });
}

/** Resolves with the first line the process prints on stdout. */
function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} printed nothing within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(buffered.slice(0, newline).trim());
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not start: ${error.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited early (code ${code})`));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

interface PrivateSession {
  address: string;
  stop(): Promise<void>;
}

async function startPrivateSession(): Promise<PrivateSession> {
  const root = await mkdtemp(join(tmpdir(), 'paydesk-keyring-'));
  const folders = {
    HOME: join(root, 'home'),
    XDG_RUNTIME_DIR: join(root, 'run'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_CACHE_HOME: join(root, 'cache'),
  };
  for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true, mode: 0o700 });

  let bus: ChildProcess | undefined;
  let keyring: ChildProcess | undefined;
  const stopAll = async (): Promise<void> => {
    await stop(keyring);
    await stop(bus);
    await rm(root, { recursive: true, force: true });
  };
  // If the runner dies without teardown, the daemons must not outlive it.
  const onExit = (): void => {
    keyring?.kill('SIGKILL');
    bus?.kill('SIGKILL');
  };
  process.once('exit', onExit);

  try {
    bus = spawn(
      'dbus-daemon',
      [
        '--session',
        '--nofork',
        '--nopidfile',
        '--nosyslog',
        `--address=unix:path=${join(folders.XDG_RUNTIME_DIR, 'bus')}`,
        '--print-address=1',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const address = await firstLine(bus, 'dbus-daemon');

    keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
      env: { ...process.env, ...folders, DBUS_SESSION_BUS_ADDRESS: address },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const keyringFailed = new Promise<never>((_, reject) => {
      keyring?.on('error', (error) =>
        reject(new Error(`gnome-keyring-daemon could not start: ${error.message}`)),
      );
    });
    keyringFailed.catch(() => undefined);
    // --unlock reads the login keyring's password from stdin: empty, for a throw-away keyring.
    keyring.stdin?.end('\n');

    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const probe = await Promise.race([
        probeKeychain({ ...process.env, DBUS_SESSION_BUS_ADDRESS: address }),
        keyringFailed,
      ]);
      if (probe.ok) break;
      if (Date.now() > deadline)
        throw new Error(`the private Secret Service did not answer: ${probe.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return {
      address,
      stop: async () => {
        process.removeListener('exit', onExit);
        await stopAll();
      },
    };
  } catch (error) {
    process.removeListener('exit', onExit);
    await stopAll();
    throw error;
  }
}

function report(state: string): void {
  process.env.PAYDESK_TEST_KEYCHAIN = state;
  if (!state.startsWith('unavailable')) {
    console.log(`OS keychain for tests ${state}`);
    return;
  }
  console.warn(
    [
      '',
      `*** OS keychain for tests ${state}`,
      '*** The keychain suites will FAIL. On Linux install gnome-keyring and dbus (see README).',
      '',
    ].join('\n'),
  );
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const noop = async (): Promise<void> => undefined;
  if (process.platform !== 'linux') {
    const probe = await probeKeychain(process.env);
    report(probe.ok ? `available: the ${process.platform} keychain` : `unavailable: ${probe.reason}`);
    return noop;
  }
  let sessionReason = 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)';
  if (process.env.DBUS_SESSION_BUS_ADDRESS) {
    const probe = await probeKeychain(process.env);
    if (probe.ok) {
      report('available: the Secret Service of the current session bus');
      return noop;
    }
    sessionReason = `the current session bus has no usable Secret Service (${probe.reason})`;
  }
  try {
    const session = await startPrivateSession();
    process.env.DBUS_SESSION_BUS_ADDRESS = session.address;
    report('available: a private gnome-keyring on a private D-Bus session');
    return session.stop;
  } catch (error) {
    report(
      `unavailable: ${sessionReason}, and a private one could not be started (${error instanceof Error ? error.message : String(error)})`,
    );
    return noop;
  }
}
