import {
  CREDENTIAL_SETS,
  EMBEDDED_SANDBOX_BASE_URL,
  type ClockStatus,
  type ConsoleApi,
  type CredentialSet,
  type CredentialSetState,
  type EnvironmentKind,
  type ErrorKind,
} from '../../shared/contract';

/**
 * The text of Help → Copy diagnostics, for a support ticket: versions, OS, each environment's
 * kind and host, its clock offset and whether its credential sets are stored. Never a secret by
 * construction: the facts below have no field that could hold one (no credential hint, no base URL
 * path or user info), and gatherDiagnostics copies only those fields out of the core's answers.
 */

/** What the shell knows (Electron's app and process objects in the app; plain values in tests). */
export interface ShellFacts {
  appName: string;
  appVersion: string;
  packaged: boolean;
  versions: { electron?: string; chrome?: string; node: string };
  os: { platform: string; release: string; arch: string };
  /** The log folder, shown with the home folder as `~`. */
  logsFolder: string | null;
  homeFolder: string;
  generatedAt: Date;
}

type Unavailable = { unavailable: ErrorKind };

interface EnvironmentFacts {
  id: string;
  kind: EnvironmentKind;
  /** Scheme and host only (hostOf). */
  host: string;
  active: boolean;
  credentials:
    | { source: 'keychain' | 'embedded-sandbox'; sets: Record<CredentialSet, CredentialSetState> }
    | Unavailable;
  clock:
    Pick<ClockStatus, 'state' | 'offsetMs' | 'uncertaintyMs' | 'samples' | 'correctionActive'> | Unavailable;
}

export interface DiagnosticsFacts {
  shell: ShellFacts;
  environments: EnvironmentFacts[] | Unavailable;
}

/**
 * The scheme and host (with port) of a base URL: never its user info, path or query, where a
 * token pasted into a URL would sit.
 */
export function hostOf(baseUrl: string): string {
  if (baseUrl === EMBEDDED_SANDBOX_BASE_URL) return 'embedded sandbox';
  try {
    const url = new URL(baseUrl);
    return url.host === '' ? '(no host)' : `${url.protocol}//${url.host}`;
  } catch {
    return '(not a URL)';
  }
}

type DiagnosticsApi = Pick<ConsoleApi, 'listEnvironments' | 'getCredentialStatus' | 'getClockStatus'>;

/** Asks the core for what the text shows, copying out the fields listed in EnvironmentFacts only. */
export async function gatherDiagnostics(api: DiagnosticsApi, shell: ShellFacts): Promise<DiagnosticsFacts> {
  const list = await api.listEnvironments({});
  if (!list.ok) return { shell, environments: { unavailable: list.error.kind } };
  const environments = await Promise.all(
    list.data.environments.map(async (profile): Promise<EnvironmentFacts> => {
      const [status, clock] = await Promise.all([
        api.getCredentialStatus({ environmentId: profile.id }),
        api.getClockStatus({ environmentId: profile.id }),
      ]);
      return {
        id: profile.id,
        kind: profile.kind,
        host: hostOf(profile.baseUrl),
        active: profile.id === list.data.activeEnvironmentId,
        credentials: status.ok
          ? { source: status.data.source, sets: { ...status.data.sets } }
          : { unavailable: status.error.kind },
        clock: clock.ok
          ? {
              state: clock.data.state,
              offsetMs: clock.data.offsetMs,
              uncertaintyMs: clock.data.uncertaintyMs,
              samples: clock.data.samples,
              correctionActive: clock.data.correctionActive,
            }
          : { unavailable: clock.error.kind },
      };
    }),
  );
  return { shell, environments };
}

const SET_NAMES: Record<CredentialSet, string> = {
  signed: 'signed',
  readOnly: 'read-only',
  cashout: 'cashout',
};

const signedMs = (ms: number): string => `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))} ms`;

function credentialsLine(credentials: EnvironmentFacts['credentials']): string {
  if ('unavailable' in credentials)
    return credentials.unavailable === 'keychain_unavailable'
      ? 'keychain unavailable'
      : `unknown (${credentials.unavailable})`;
  if (credentials.source === 'embedded-sandbox') return 'provisioned by the embedded sandbox';
  const sets = (Object.keys(CREDENTIAL_SETS) as CredentialSet[]).map(
    (set) => `${SET_NAMES[set]} ${credentials.sets[set]}`,
  );
  return `keychain: ${sets.join(', ')}`;
}

function clockLine(clock: EnvironmentFacts['clock']): string {
  if ('unavailable' in clock) return `unknown (${clock.unavailable})`;
  if (clock.offsetMs === null) return `${clock.state} (no answer seen yet)`;
  const uncertainty = clock.uncertaintyMs === null ? '' : ` ± ${Math.round(clock.uncertaintyMs)} ms`;
  const correction = clock.correctionActive ? ', X-Date corrected' : '';
  return `${clock.state}, service minus local ${signedMs(clock.offsetMs)}${uncertainty} (${clock.samples} ${clock.samples === 1 ? 'sample' : 'samples'}${correction})`;
}

function homeAsTilde(path: string, home: string): string {
  return home !== '' && (path === home || path.startsWith(`${home}/`) || path.startsWith(`${home}\\`))
    ? `~${path.slice(home.length)}`
    : path;
}

/** The diagnostics as plain text, one fact a line. */
export function diagnosticsText({ shell, environments }: DiagnosticsFacts): string {
  const { versions, os } = shell;
  const lines = [
    `${shell.appName} ${shell.appVersion} (${shell.packaged ? 'packaged' : 'development build'})`,
    `Generated: ${shell.generatedAt.toISOString()}`,
    `Electron ${versions.electron ?? '—'}, Chromium ${versions.chrome ?? '—'}, Node ${versions.node}`,
    `OS: ${os.platform} ${os.release} (${os.arch})`,
    `Logs: ${shell.logsFolder === null ? 'not written (the folder could not be opened)' : homeAsTilde(shell.logsFolder, shell.homeFolder)}`,
    '',
  ];
  if ('unavailable' in environments) {
    lines.push(`Environments: unknown (${environments.unavailable})`);
  } else {
    lines.push(`Environments (${environments.length}, the active one marked *):`);
    for (const environment of environments) {
      lines.push(
        `${environment.active ? '*' : '-'} ${environment.id} [${environment.kind}] ${environment.host}`,
        `    credentials: ${credentialsLine(environment.credentials)}`,
        `    clock: ${clockLine(environment.clock)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
