/**
 * Team mode as a desk sees it (docs/architecture.md, "Team mode"): whether the active environment
 * is in a team, where its database is, who this desk is there, and who is who.
 */
import { method, type ApiOf } from './method';
import type { ConsoleError } from './results';

/** The team's group roles (`paydesk_<group>` in its database), the words the screens say. */
export const TEAM_GROUPS = ['viewer', 'operator', 'approver', 'executor', 'admin'] as const;
export type TeamGroup = (typeof TEAM_GROUPS)[number];

/**
 * What `paydesk team doctor` reports of one connection to the team database: whether the session
 * is TLS as the server sees it, who it is, its groups, and the schema against this code's.
 */
export interface TeamDoctorReport {
  tls: { on: boolean; version: string | null; cipher: string | null };
  role: string;
  /** The role owns the database: the one that runs `paydesk team …`, not a person. */
  owner: boolean;
  /** The team groups the role is directly in. */
  groups: TeamGroup[];
  schema: {
    /** null when this role may not read it (a role in no group). */
    found: number | null;
    expected: number;
    verdict: 'ok' | 'owner_must_migrate' | 'update_paydesk' | 'unreadable';
  };
  /** What to do about each problem, in order; empty when all is well. */
  advice: string[];
}

/** One person of the team: a login role of its database, active or removed. */
export interface TeamPerson {
  person: string;
  /** The groups the person is directly in; none once removed. */
  groups: TeamGroup[];
  /** False for a removed person: the role stays (the journal names it) but may not log in. */
  canLogin: boolean;
  /** The person this desk connects as. */
  isYou: boolean;
}

/** Who is who, as any person of the team may read it (`paydesk.people_view`). */
export interface TeamRoster {
  people: TeamPerson[];
  /** The role this desk connected as. */
  you: string;
}

/** The team database answered: the doctor's verdict, and the people when the schema could be read. */
export interface TeamReachable {
  reachable: true;
  doctor: TeamDoctorReport;
  /** null when the doctor's verdict on the schema is not `ok` (nothing of it can be read then). */
  roster: TeamRoster | null;
}

export interface TeamUnreachable {
  reachable: false;
  /** Why: `network`, `tls`, `timeout`, `auth`, `not_found`, `credentials_missing`, … */
  error: ConsoleError;
}

export type TeamConnectionCheck = TeamReachable | TeamUnreachable;

/** The active environment's team as the Team screen shows it; never the password nor the CA's PEM. */
export type TeamStatusView =
  | { environmentId: string; inTeam: false }
  | {
      environmentId: string;
      inTeam: true;
      host: string;
      port: number;
      database: string;
      person: string;
      /** The CA by its certificate's SHA-256 fingerprint, to compare with the one the owner handed out. */
      caFingerprint: string;
      /** ISO 8601. */
      joinedAt: string;
      connection: TeamConnectionCheck;
    };

export const TEAM_METHODS = {
  /** Connects to the active environment's team database as its person (password kept in main). */
  getTeamStatus: method<Record<string, never>, TeamStatusView>(),
};
export type TeamApi = ApiOf<typeof TEAM_METHODS>;
