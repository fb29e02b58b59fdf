import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The README's apt line carries `postgresql`: where it is missing, the team suites say so and fail. */
const MISSING =
  'PostgreSQL (15 or newer) is required by the team suites: install the packages of the apt line ' +
  'after the ci:apt marker in README.md (it names `postgresql`), or set PAYDESK_PG_BIN to its bin folder.';

/** Debian installs each major version's server in /usr/lib/postgresql/<major>/bin; the newest wins. */
function serverBinaries(): string {
  const fromEnvironment = process.env.PAYDESK_PG_BIN;
  if (fromEnvironment) {
    if (!existsSync(join(fromEnvironment, 'initdb')))
      throw new Error(`${MISSING} (no initdb in ${fromEnvironment})`);
    return fromEnvironment;
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((major) => major >= 15 && existsSync(join(root, String(major), 'bin', 'initdb')))
        .sort((a, b) => b - a)
    : [];
  if (majors.length === 0) throw new Error(MISSING);
  return join(root, String(majors[0]), 'bin');
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ClientCertificate {
  certificate: string;
  key: string;
}

export interface PostgresCluster {
  host: '127.0.0.1';
  port: number;
  /** The throwaway CA that signed the server's certificate (PEM). */
  ca: string;
  superuser: { user: string; password: string };
  /**
   * Kills the server the way a crash would (`pg_ctl stop -m immediate`: no checkpoint, every
   * connection cut) and starts it again on the same port; it recovers from its WAL.
   */
  crashAndRestart(): Promise<void>;
  /** Shuts the server down cleanly and keeps its folder, so that `startAgain` brings it back. */
  shutDown(): Promise<void>;
  startAgain(): Promise<void>;
  /**
   * A client certificate the cluster's CA signed for `commonName` (the role it signs in as), and
   * its private key, both PEM: the server accepts it for roles in paydesk_certificate.
   */
  issueClientCertificate(commonName: string): Promise<ClientCertificate>;
  /** The server's log (its stderr): what a test may require to stay out of it, e.g. a password. */
  logFile: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL cluster of its own in a temporary folder: TLS only over TCP (a throwaway CA
 * and server certificate), SCRAM passwords, except client certificates the CA signed for the
 * members of `paydesk_certificate` (the group people.ts puts such people in); listening on
 * 127.0.0.1 at a free port, its socket in the folder. initdb refuses to run as root, so as root
 * the folder goes to `postgres`.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = serverBinaries();
  try {
    await run('openssl', ['version']);
  } catch {
    throw new Error(
      "openssl is required to make the team suites' throwaway CA (Debian: the openssl package).",
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-pg-'));
  const asRoot = process.getuid?.() === 0;
  const asServer = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const data = join(folder, 'data');
  const password = randomBytes(18).toString('base64url');
  const superuser = 'paydesk_test_super';
  try {
    await writeFile(join(folder, 'password'), password);
    await makeCertificates(folder);
    await chmod(folder, 0o700);
    if (asRoot) await run('chown', ['-R', 'postgres:postgres', folder]);
    await asServer(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      superuser,
      `--pwfile=${join(folder, 'password')}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freeLoopbackPort();
    const settings = [
      `listen_addresses = '127.0.0.1'`,
      `port = ${port}`,
      `unix_socket_directories = '${folder}'`,
      'ssl = on',
      `ssl_cert_file = '${join(folder, 'server.crt')}'`,
      `ssl_key_file = '${join(folder, 'server.key')}'`,
      // The CA client certificates must chain to, for the `cert` line below.
      `ssl_ca_file = '${join(folder, 'ca.crt')}'`,
      'fsync = off',
      'max_connections = 60',
    ];
    await appendFile(join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    // TCP only with TLS; no trust anywhere, the local socket included. Lines match in order: the
    // certificate people's comes first, and a certificate is all they may sign in with.
    await writeFile(
      join(data, 'pg_hba.conf'),
      [
        'local all all scram-sha-256',
        'hostssl all +paydesk_certificate 127.0.0.1/32 cert',
        'hostssl all all 127.0.0.1/32 scram-sha-256',
        '',
      ].join('\n'),
    );
    const start = () =>
      asServer(join(bin, 'pg_ctl'), [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        data,
        '-l',
        join(folder, 'server.log'),
      ]);
    await start();
    const ca = await readFile(join(folder, 'ca.crt'), 'utf8');
    return {
      host: '127.0.0.1',
      port,
      ca,
      superuser: { user: superuser, password },
      async crashAndRestart() {
        await asServer(join(bin, 'pg_ctl'), ['stop', '-w', '-m', 'immediate', '-D', data]);
        await start();
      },
      async shutDown() {
        await asServer(join(bin, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', data]);
      },
      async startAgain() {
        await start();
      },
      issueClientCertificate: (commonName) => clientCertificate(folder, commonName),
      logFile: join(folder, 'server.log'),
      async stop() {
        await asServer(join(bin, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', data]).catch(() => undefined);
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = await readFile(join(folder, 'server.log'), 'utf8').catch(() => '');
    await asServer(join(bin, 'pg_ctl'), ['stop', '-m', 'immediate', '-D', data]).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
    throw new Error(`The test PostgreSQL cluster did not start: ${String(error)}\n${log}`);
  }
}

/** A new P-256 key, unencrypted (a throwaway). */
const NEW_EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A CA of this run and a server certificate it signed for 127.0.0.1, so clients can check TLS for real. */
async function makeCertificates(folder: string): Promise<void> {
  await makeCa(folder, 'Paydesk test CA', 2);
  await signedCertificate(
    folder,
    folder,
    'server',
    '/CN=127.0.0.1',
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  await chmod(join(folder, 'server.key'), 0o600);
}

/**
 * A new key and a certificate for `subject` that the CA in `caFolder` signed, as `<name>.key`
 * and `<name>.crt` in `folder`.
 */
async function signedCertificate(
  caFolder: string,
  folder: string,
  name: string,
  subject: string,
  extensions: string,
): Promise<void> {
  const at = (file: string) => join(folder, file);
  await run('openssl', [
    'req',
    '-new',
    ...NEW_EC_KEY,
    '-keyout',
    at(`${name}.key`),
    '-out',
    at(`${name}.csr`),
    '-subj',
    subject,
  ]);
  await writeFile(at(`${name}.ext`), extensions);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at(`${name}.csr`),
    '-CA',
    join(caFolder, 'ca.crt'),
    '-CAkey',
    join(caFolder, 'ca.key'),
    '-CAcreateserial',
    '-CAserial',
    at(`${name}.srl`),
    '-out',
    at(`${name}.crt`),
    '-days',
    '2',
    '-extfile',
    at(`${name}.ext`),
  ]);
}

/** A client certificate for `commonName` signed by the CA whose ca.crt and ca.key are in `caFolder`. */
async function clientCertificate(caFolder: string, commonName: string): Promise<ClientCertificate> {
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-client-cert-'));
  try {
    await signedCertificate(caFolder, folder, 'client', `/CN=${commonName}`, 'extendedKeyUsage=clientAuth\n');
    return {
      certificate: await readFile(join(folder, 'client.crt'), 'utf8'),
      key: await readFile(join(folder, 'client.key'), 'utf8'),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A CA of its own in `folder` (ca.crt, ca.key), that may sign certificates for `days`. */
async function makeCa(folder: string, commonName: string, days: number): Promise<void> {
  await run('openssl', [
    'req',
    '-x509',
    ...NEW_EC_KEY,
    '-keyout',
    join(folder, 'ca.key'),
    '-out',
    join(folder, 'ca.crt'),
    '-days',
    String(days),
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

/** `work` with a CA no cluster trusts, in a folder removed afterwards. */
async function withAnotherCa<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'paydesk-other-ca-'));
  try {
    await makeCa(folder, 'Another CA', 1);
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A client certificate for `commonName` from a CA of its own, which no cluster trusts. */
export const certificateFromAnotherCa = (commonName: string): Promise<ClientCertificate> =>
  withAnotherCa((folder) => clientCertificate(folder, commonName));

/** A CA certificate (PEM) that signed nothing of any cluster's: a server checked against it is refused. */
export const anotherCa = (): Promise<string> =>
  withAnotherCa((folder) => readFile(join(folder, 'ca.crt'), 'utf8'));
