import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AuditEntryView,
  AuditIds,
  AuditFilter,
  AuditUnresolvedView,
  AuditVerifyReport,
  Result,
} from '../../../shared/contract';
import type { Journal, OpenJournalOptions } from '../audit';
import { PENDING_FOLDER } from '../audit/file-journal';
import { auditCsv } from '../audit/export-csv';
import { filterSchema, zodFailure } from '../audit/journal-inputs';
import { requestIds, type ActionRequests } from '../audit/summary';
import type { TeamClient } from '../team/client';
import { openTeamJournal } from '../team/desk-journal';
import { teamIdentity, type TeamSessions } from '../team/desk-sessions';
import type { TeamMembership } from '../settings/schema';
import { storageError } from '../storage/storage-error';
import { teamError } from '../team/errors';
import { refusal } from './team-referee';

/**
 * The desk's journals as one `Journal` (docs/architecture.md, "Team mode: the desk's journal in the
 * database"): a profile in a team journals in its stream in the team's database, every other
 * profile in the desk's file. Intents go by their profile; what names an intent goes to the journal
 * that has it; lists, verify and export read them all. A profile's lines from before it joined stay
 * in the file (its head recorded at join), so its history is the two read together.
 */

interface DeskJournalsOptions {
  /** The desk's file journal, opened on first use. */
  local: () => Promise<Result<Journal>>;
  teamSessions: TeamSessions;
  /** Every saved profile's id: those in a team are read by the desk-wide lists. */
  environmentIds: () => Promise<Result<string[]>>;
  /** The desk's audit folder: each stream keeps its anchor and sealed requests below it. */
  dir: string;
  journal: Omit<OpenJournalOptions, 'dir' | 'lock'>;
}

/** How long a statement on a cut session waits before it is sent once more, on the session made again. */
const RECONNECT_PAUSE_MS = 25;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Not in this journal: the next one may have it. */
const isNoSuchIntent = (result: Result<unknown>): boolean =>
  !result.ok && result.error.text?.key === 'journal.noIntent';

/**
 * One stream per profile and joining: the same profile joined again (or to another team) starts
 * another, whose anchor is not the old one's. A v4-shaped UUID from a hash, so the desk keeps no
 * file to find it again.
 */
function streamOf(environmentId: string, identity: string): string {
  const hex = createHash('sha256')
    .update('paydesk-desk-journal')
    .update(environmentId)
    .update(identity)
    .digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Where a profile's stream keeps its anchor and sealed requests on the desk. */
function streamFolder(auditDir: string, environmentId: string, identity: string): string {
  return join(auditDir, 'team-journals', streamOf(environmentId, identity));
}

/**
 * How many requests the desk keeps for the open intents of a profile's stream (one sealed file
 * each, gone once an intent is settled): what can be told of it with the team's database away.
 */
export async function keptRequestsOfTeamJournal(
  auditDir: string,
  environmentId: string,
  team: TeamMembership,
): Promise<Result<number>> {
  const folder = join(streamFolder(auditDir, environmentId, teamIdentity(team)), PENDING_FOLDER);
  try {
    return { ok: true, data: (await readdir(folder)).filter((name) => name.endsWith('.json')).length };
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, data: 0 };
    return {
      ok: false,
      error: storageError('The requests kept for the team journal could not be read', cause),
    };
  }
}

/** Newest last, as each journal lists them; lines of two journals by their time. */
const byTime = <T extends { time: string; seq: number }>(a: T, b: T): number =>
  a.time === b.time ? a.seq - b.seq : a.time < b.time ? -1 : 1;

/**
 * Several journals' verdicts as one: every one must verify. The desk's file speaks first; else the
 * first stream that does not verify, whole (its anchor is what an acknowledgement answers), named.
 */
function joinedReport(
  local: AuditVerifyReport,
  streams: Array<{ label: string; report: AuditVerifyReport }>,
): AuditVerifyReport {
  const failed = streams.find((stream) => !stream.report.ok);
  const entries = streams.reduce((sum, stream) => sum + stream.report.entries, local.entries);
  if (!local.ok || !failed) return { ...local, entries };
  const { firstProblem, anchor } = failed.report;
  return {
    ...failed.report,
    entries,
    ...(firstProblem && {
      firstProblem: { ...firstProblem, message: `${failed.label}: ${firstProblem.message}` },
    }),
    ...(anchor && { anchor: { ...anchor, message: `${failed.label}: ${anchor.message}` } }),
  };
}

class DeskJournals implements Journal {
  readonly paths: Journal['paths'];
  /** Which journal recorded or listed an intent, so its outcome goes there. */
  private readonly owners = new Map<string, Journal>();
  private readonly streams = new Map<string, { identity: string; opening: Promise<Result<Journal>> }>();

  constructor(
    private readonly local: Journal,
    private readonly options: DeskJournalsOptions,
  ) {
    this.paths = local.paths;
  }

  /** The profile's stream when it is in a team (opened on first use), else null; a team not reached is an error. */
  private async streamFor(environmentId: string): Promise<Result<Journal | null>> {
    const session = await this.options.teamSessions.of(environmentId);
    if (!session.ok) {
      return {
        ok: false,
        error: {
          ...session.error,
          message: `The journal of ${environmentId} is kept in its team's database, which could not be reached (${session.error.message}) Its lines are not shown and none is written until it answers.`,
        },
      };
    }
    if (session.data === null) return { ok: true, data: null };
    const { team } = session.data;
    const identity = teamIdentity(team);
    // Between this get and its set nothing awaits: two callers at once share one journal object,
    // since two on one session would not exclude each other (a session's advisory lock is its own).
    let entry = this.streams.get(environmentId);
    if (entry && entry.identity !== identity) {
      const left = entry.opening;
      void left.then((journal) => (journal.ok ? journal.data.close() : undefined));
      entry = undefined;
    }
    if (!entry) {
      entry = { identity, opening: this.openStream(environmentId, identity, team) };
      this.streams.set(environmentId, entry);
    }
    const opened = await entry.opening;
    // A stream that could not be opened (the database down) is opened afresh next time.
    if (!opened.ok && this.streams.get(environmentId) === entry) this.streams.delete(environmentId);
    return opened;
  }

  private openStream(
    environmentId: string,
    identity: string,
    team: TeamMembership,
  ): Promise<Result<Journal>> {
    // The session is the one desk-sessions.ts keeps, opened again after the server cut it.
    const sessions = this.options.teamSessions;
    const currentClient = async (): Promise<TeamClient> => {
      const current = await sessions.of(environmentId);
      if (!current.ok || current.data === null) {
        throw new Error(current.ok ? 'The profile left its team.' : current.error.message);
      }
      return current.data.client;
    };
    const client: TeamClient = {
      async query(text, values) {
        try {
          return await (await currentClient()).query(text, values);
        } catch (error) {
          if (teamError(error).kind !== 'network') throw error;
          // A session the server cut is known as broken once its socket says so: once more on the
          // next. Safe for every statement here: an append is refused at a position already written.
          await sleep(RECONNECT_PAUSE_MS);
          return (await currentClient()).query(text, values);
        }
      },
    };
    return openTeamJournal({
      ...this.options.journal,
      client,
      stream: streamOf(environmentId, identity),
      where: `${team.host}:${team.port}/${team.database}`,
      dir: streamFolder(this.options.dir, environmentId, identity),
    });
  }

  /** The journal an intent of this profile goes to. */
  private async storeFor(environmentId: string): Promise<Result<Journal>> {
    const stream = await this.streamFor(environmentId);
    if (!stream.ok) return stream;
    return { ok: true, data: stream.data ?? this.local };
  }

  /**
   * The file, then the stream of every profile in a team (or of `only`'s, when in one). `strict`:
   * a team not reached is an error (verify, export, finding an intent); else its stream is left
   * out, so the screens' lists still show the rest while its database is down, when no money
   * moves on its profile anyway.
   */
  private async all(
    mode: 'strict' | 'reachable',
    only?: string,
  ): Promise<Result<Array<{ label: string; journal: Journal; chain?: string }>>> {
    const ids =
      only === undefined ? await this.options.environmentIds() : { ok: true as const, data: [only] };
    if (!ids.ok) return ids;
    const journals: Array<{ label: string; journal: Journal; chain?: string }> = [
      { label: "this desk's journal", journal: this.local },
    ];
    for (const environmentId of ids.data) {
      const stream = await this.streamFor(environmentId);
      if (!stream.ok) {
        if (mode === 'strict') return stream;
        continue;
      }
      if (stream.data) {
        journals.push({
          label: `the journal of ${environmentId} in the team database`,
          journal: stream.data,
          chain: environmentId,
        });
      }
    }
    return { ok: true, data: journals };
  }

  /** `task` on the journal that has the intent: the one known to, else the file, then each stream. */
  private async onIntent<T>(
    intentId: string,
    task: (journal: Journal) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const owner = this.owners.get(intentId);
    if (owner) return task(owner);
    // The file first: an intent of a profile in no team is found with no team database asked.
    const local = await task(this.local);
    if (!isNoSuchIntent(local)) {
      this.owners.set(intentId, this.local);
      return local;
    }
    const all = await this.all('strict');
    if (!all.ok) return all;
    for (const { journal } of all.data) {
      if (journal === this.local) continue;
      const done = await task(journal);
      if (isNoSuchIntent(done)) continue;
      this.owners.set(intentId, journal);
      return done;
    }
    return local;
  }

  async recordIntent(input: Parameters<Journal['recordIntent']>[0]): ReturnType<Journal['recordIntent']> {
    const store = await this.storeFor(input.environment.id);
    // Money is never moved behind the team's back: with its database down, nothing is journaled or sent.
    if (!store.ok) return refusal(null, store.error);
    if (store.data !== this.local) {
      // An unknown outcome this desk's file still holds on the account (another profile of it not
      // in the team) blocks the target here as it would have there.
      let ids: AuditIds;
      try {
        ids = {
          ...input.ids,
          ...requestIds(input.action, input.request as ActionRequests[typeof input.action]),
        };
      } catch {
        // Not a request of its action at all: the journal refuses it in its own words, writing nothing.
        return store.data.recordIntent(input);
      }
      const scope = {
        environmentId: input.environment.id,
        ...(input.environment.account !== undefined && { account: input.environment.account }),
      };
      const blocking = await this.local.getBlockingIntent(scope, input.action, ids);
      if (!blocking.ok) return blocking;
      if (blocking.data) {
        return {
          ok: false,
          error: {
            kind: 'intent_unresolved',
            message: `An earlier intent on this record, in this desk's own journal (intent ${blocking.data.intentId}, recorded at ${blocking.data.time}), has an unknown outcome: the service may have acted on it. Nothing new was sent. Settle it first (paydesk audit unresolved).`,
            getBlockingIntent: blocking.data,
          },
        };
      }
    }
    const recorded = await store.data.recordIntent(input);
    if (recorded.ok) this.owners.set(recorded.data.intentId, store.data);
    return recorded;
  }

  recordOutcome(
    intentId: string,
    outcome: Parameters<Journal['recordOutcome']>[1],
  ): ReturnType<Journal['recordOutcome']> {
    return this.onIntent(intentId, (journal) => journal.recordOutcome(intentId, outcome));
  }

  recordResolution(
    intentId: string,
    resolution: Parameters<Journal['recordResolution']>[1],
  ): ReturnType<Journal['recordResolution']> {
    return this.onIntent(intentId, (journal) => journal.recordResolution(intentId, resolution));
  }

  pendingRequest(intentId: string): ReturnType<Journal['pendingRequest']> {
    return this.onIntent(intentId, (journal) => journal.pendingRequest(intentId));
  }

  async settleResends(intentId: string): ReturnType<Journal['settleResends']> {
    // The resends of a request are in the journal of its profile, which answered it.
    const owner = this.owners.get(intentId);
    const all = owner ? { ok: true as const, data: [{ journal: owner }] } : await this.all('strict');
    if (!all.ok) return all;
    const settled: string[] = [];
    for (const { journal } of all.data) {
      const done = await journal.settleResends(intentId);
      if (!done.ok) return done;
      settled.push(...done.data.settled);
    }
    return { ok: true, data: { settled } };
  }

  async getBlockingIntent(
    ...args: Parameters<Journal['getBlockingIntent']>
  ): ReturnType<Journal['getBlockingIntent']> {
    const [scope] = args;
    // What a form shows before a move: with the team's database down the move itself is refused
    // (recordIntent), so the file's answer stands meanwhile.
    const stream = await this.streamFor(scope.environmentId);
    const store = { ok: true as const, data: (stream.ok ? stream.data : null) ?? this.local };
    const found = await store.data.getBlockingIntent(...args);
    if (!found.ok || found.data !== null || store.data === this.local) return found;
    return this.local.getBlockingIntent(...args);
  }

  async verify(): Promise<Result<AuditVerifyReport>> {
    const all = await this.all('strict');
    if (!all.ok) return all;
    const [local, ...streams] = all.data;
    if (!local) return this.local.verify();
    const localReport = await local.journal.verify();
    if (!localReport.ok) return localReport;
    const reports: Array<{ label: string; report: AuditVerifyReport }> = [];
    for (const stream of streams) {
      const report = await stream.journal.verify();
      if (!report.ok) return report;
      reports.push({ label: stream.label, report: report.data });
    }
    return { ok: true, data: joinedReport(localReport.data, reports) };
  }

  /** The file first; a stream only when the file has nothing to do and the stream has. */
  private async firstThatHasSomething<T>(
    nothingKey: string,
    task: (journal: Journal) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const local = await task(this.local);
    if (local.ok || local.error.text?.key !== nothingKey) return local;
    const all = await this.all('strict');
    if (!all.ok) return all;
    for (const { journal } of all.data) {
      if (journal === this.local) continue;
      const done = await task(journal);
      if (!done.ok && done.error.text?.key === nothingKey) continue;
      return done;
    }
    return local;
  }

  acknowledgeTruncation(input: { reason: string }): ReturnType<Journal['acknowledgeTruncation']> {
    return this.firstThatHasSomething('journal.nothingToAcknowledge', (journal) =>
      journal.acknowledgeTruncation(input),
    );
  }

  repairDamage(input: { reason: string }): ReturnType<Journal['repairDamage']> {
    return this.firstThatHasSomething('journal.nothingToRepair', (journal) => journal.repairDamage(input));
  }

  entries(filter: AuditFilter = {}): Promise<Result<AuditEntryView[]>> {
    return this.views(filter, 'reachable');
  }

  private async views(filter: AuditFilter, mode: 'strict' | 'reachable'): Promise<Result<AuditEntryView[]>> {
    const parsed = filterSchema.safeParse(filter);
    if (!parsed.success) return zodFailure('Invalid filter', parsed.error);
    const all = await this.all(mode, parsed.data.environmentId);
    if (!all.ok) return all;
    const views: AuditEntryView[] = [];
    for (const { journal, chain } of all.data) {
      const listed = await journal.entries(parsed.data);
      if (!listed.ok) return listed;
      for (const view of listed.data) {
        if (view.intentId !== undefined) this.owners.set(view.intentId, journal);
        views.push(chain === undefined ? view : { ...view, chain });
      }
    }
    return { ok: true, data: views.sort(byTime) };
  }

  async exportCsv(filter: AuditFilter = {}, options: { bom?: boolean } = {}): Promise<Result<string>> {
    // A file handed to an auditor never leaves out a journal it could not read.
    const views = await this.views(filter, 'strict');
    return views.ok ? { ok: true, data: auditCsv(views.data, { bom: options.bom }) } : views;
  }

  async unresolved(): Promise<Result<AuditUnresolvedView[]>> {
    const all = await this.all('reachable');
    if (!all.ok) return all;
    const views: AuditUnresolvedView[] = [];
    for (const { journal, chain } of all.data) {
      const listed = await journal.unresolved();
      if (!listed.ok) return listed;
      for (const view of listed.data) {
        this.owners.set(view.intentId, journal);
        views.push(chain === undefined ? view : { ...view, chain });
      }
    }
    return { ok: true, data: views.sort(byTime) };
  }

  async close(): Promise<void> {
    const open = [...this.streams.values()];
    this.streams.clear();
    for (const stream of open) {
      const journal = await stream.opening;
      if (journal.ok) await journal.data.close();
    }
    await this.local.close();
  }
}

/** The desk's journals as one, over its file journal once that is open. */
export async function openDeskJournals(options: DeskJournalsOptions): Promise<Result<Journal>> {
  const local = await options.local();
  if (!local.ok) return local;
  return { ok: true, data: new DeskJournals(local.data, options) };
}
