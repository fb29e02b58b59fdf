import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { TEAM_GROUPS, type ConsoleError, type Result, type TeamGroup } from '../../../shared/contract';
import type { TeamClient } from './client';
import { teamError } from './errors';
import { checkSchema, inTransaction, migrate } from './migrate';

/**
 * The people of a team database (docs/architecture.md, "Team mode: the database"): each person is
 * one PostgreSQL LOGIN role, member of some of the group roles. Everything here runs as the
 * team's owner role (CREATEROLE); a desk has no right to any of it.
 */

const groupRole = (group: TeamGroup): string => `paydesk_${group}`;

/**
 * A safe subset of PostgreSQL identifiers, so a name reads the same in psql, logs and journal rows.
 * `paydesk_` names the group roles and `pg_` is PostgreSQL's own: neither may be a person.
 */
const personNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_.-]*$/,
    'a person name is lower-case letters, digits, "_", "." and "-", starting with a letter',
  )
  .max(63, 'a person name is at most 63 characters (PostgreSQL cuts longer names)')
  .refine((name) => !name.startsWith('paydesk_') && !name.startsWith('pg_'), {
    message: 'names starting with paydesk_ or pg_ belong to the team database itself, not to a person',
  });

/**
 * Printable ASCII only: PostgreSQL's clients normalise other characters (SASLprep) and not all in
 * the same way, so a verifier made here from such a password might not match what a desk sends.
 */
const personPasswordSchema = z
  .string()
  .min(12, 'a password is at least 12 characters')
  .max(1024, 'a password is at most 1024 characters')
  .regex(/^[\x20-\x7e]+$/, 'a password is printable ASCII (letters, digits, punctuation, spaces)');

const groupsSchema = z
  .array(z.enum(TEAM_GROUPS))
  .min(1, 'a person is in at least one group')
  .transform((groups) => [...new Set(groups)]);

/** Identifiers are always quoted, so no name is ever read as SQL. */
const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

const SCRAM_ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802/7677), computed on the
 * desk as psql's \password does, so only the verifier travels and reaches the server's log.
 */
function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

function refused(
  kind: ConsoleError['kind'],
  message: string,
  field?: string,
): { ok: false; error: ConsoleError } {
  return { ok: false, error: { kind, message, ...(field !== undefined && { field }) } };
}

function invalid<T>(parsed: z.ZodSafeParseResult<T>, field: string, value: string): Result<T> {
  if (parsed.success) return { ok: true, data: parsed.data };
  const why = parsed.error.issues.map((issue) => issue.message).join('; ');
  return refused('validation', `${field} "${value}" cannot be used: ${why}.`, field);
}

/** A person's name as typed, checked before anything is sent or asked; `field` names it in a refusal. */
export const typedPerson = (name: string, field = 'person'): Result<string> =>
  invalid(personNameSchema.safeParse(name), field, name);

/** Group names as typed (`operator`, `approver`), each once. */
export const typedGroups = (groups: readonly string[], field = 'groups'): Result<TeamGroup[]> =>
  invalid(groupsSchema.safeParse(groups), field, groups.join(','));

/** The password is never repeated in a message, not even in part. */
export function validPassword(password: string): Result<string> {
  const parsed = personPasswordSchema.safeParse(password);
  if (parsed.success) return { ok: true, data: parsed.data };
  const why = parsed.error.issues.map((issue) => issue.message).join('; ');
  return refused('validation', `The password cannot be used: ${why}.`, 'password');
}

/** Any refusal the server gives to CREATEROLE work, said as what the owner must do. */
function administrationError(error: unknown, person: string): ConsoleError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '42710') return { kind: 'invalid_state', message: `The person ${person} already exists.` };
  if (code === '42501') {
    return {
      kind: 'not_permitted',
      message: `The team database refused: ${(error as Error).message}. People are added and removed by the team's owner role (the one that ran paydesk team init), which needs CREATEROLE.`,
    };
  }
  return teamError(error);
}

/** The owner role is not a person: it must stay able to log in and run the migrations. */
async function isConnectedOwner(client: TeamClient, person: string): Promise<boolean> {
  const { rows } = await client.query<{ owner: boolean }>(
    `SELECT $1 IN (session_user, current_user,
       (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database())) AS owner`,
    [person],
  );
  return rows[0]?.owner === true;
}

/**
 * A person signs in with a password, or with a client certificate (`certificate: true`): then
 * their role has no password and is put in CERTIFICATE_GROUP, which the server's pg_hba.conf
 * names in a `hostssl … cert` line before its password line.
 */
type AddPersonInput = { person: string; groups: readonly string[] } & (
  { password: string } | { certificate: true }
);

interface TeamPerson {
  person: string;
  groups: TeamGroup[];
  /**
   * For a person who signs in with a certificate: the subject it must carry, since PostgreSQL's
   * `cert` method takes the certificate's CN as the role's name.
   */
  certificateSubject?: string;
}

/** The group of the people who sign in with a client certificate: no rights, only a name for pg_hba. */
const CERTIFICATE_GROUP = 'paydesk_certificate';

/**
 * Creates a person: a LOGIN role with the SCRAM verifier of their password, member of exactly the
 * given groups, in one transaction. Refuses a name that exists (people are never renamed or reused:
 * the journal names them), and anything invalid before any SQL is sent.
 */
export async function addPerson(client: TeamClient, input: AddPersonInput): Promise<Result<TeamPerson>> {
  const person = typedPerson(input.person);
  if (!person.ok) return person;
  const groups = typedGroups(input.groups);
  if (!groups.ok) return groups;
  const password = 'password' in input ? validPassword(input.password) : undefined;
  if (password && !password.ok) return password;
  const schema = await checkSchema(client);
  if (!schema.ok) return schema;
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1', [
      person.data,
    ]);
    if (rows.length > 0) {
      return refused(
        'invalid_state',
        `The person ${person.data} already exists: a name is never given to a second person, so choose another.`,
        'person',
      );
    }
    await inTransaction(client, async () => {
      if (password) {
        await client.query(
          `CREATE ROLE ${quoted(person.data)} LOGIN PASSWORD '${scramVerifier(password.data)}'`,
        );
      } else {
        // Roles are the server's: the group is made once, by the first team that needs it.
        await client.query(`DO $group$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '${CERTIFICATE_GROUP}') THEN
            CREATE ROLE ${CERTIFICATE_GROUP} NOLOGIN;
          END IF;
        END $group$`);
        await client.query(`CREATE ROLE ${quoted(person.data)} LOGIN PASSWORD NULL`);
        await client.query(`GRANT ${CERTIFICATE_GROUP} TO ${quoted(person.data)}`);
      }
      // Kept after a removal, so who is who still lists them (people_view, migrations/0001).
      await client.query('INSERT INTO paydesk.people (person) VALUES ($1)', [person.data]);
      for (const group of groups.data) {
        await client.query(`GRANT ${quoted(groupRole(group))} TO ${quoted(person.data)}`);
      }
    });
    return {
      ok: true,
      data: {
        person: person.data,
        groups: groups.data,
        ...(!password && { certificateSubject: `/CN=${person.data}` }),
      },
    };
  } catch (error) {
    return { ok: false, error: administrationError(error, person.data) };
  }
}

interface RemovedPerson {
  person: string;
  /** The groups the person was in, now revoked. */
  groupsRevoked: TeamGroup[];
}

/** Group role names as the catalog gives them (`paydesk_operator`), read as the groups' words. */
export const groupRolesSchema = z.array(
  z.enum(TEAM_GROUPS.map(groupRole)).transform((role) => role.slice('paydesk_'.length) as TeamGroup),
);

/** A role's login right and the team groups it is directly in. */
const membershipSchema = z.object({ can_login: z.boolean(), groups: groupRolesSchema });
type RoleMembership = z.infer<typeof membershipSchema>;

/** A role's login right and direct team groups; undefined when no role has that name. */
export async function roleOf(client: TeamClient, role: string): Promise<RoleMembership | undefined> {
  const { rows } = await client.query(
    `SELECT r.rolcanlogin AS can_login,
            coalesce(array_agg(g.rolname::text ORDER BY g.rolname) FILTER (WHERE g.rolname IS NOT NULL), '{}'::text[]) AS groups
       FROM pg_catalog.pg_roles r
       LEFT JOIN pg_catalog.pg_auth_members m ON m.member = r.oid
       LEFT JOIN pg_catalog.pg_roles g ON g.oid = m.roleid AND g.rolname = ANY ($2)
      WHERE r.rolname = $1
      GROUP BY r.rolcanlogin`,
    [role, TEAM_GROUPS.map(groupRole)],
  );
  return rows.length === 0 ? undefined : membershipSchema.parse(rows[0]);
}

/**
 * The person the owner is about to change, as the catalog has them: never the owner role, a
 * name no role has (`not_found`), nor a role of the server that is no Paydesk person.
 */
async function existingPerson(client: TeamClient, person: string): Promise<Result<RoleMembership>> {
  if (await isConnectedOwner(client, person)) {
    return refused('validation', `${person} is the team's owner role, not a person.`, 'person');
  }
  const found = await roleOf(client, person);
  if (!found) return refused('not_found', `There is no person ${person} in this team database.`, 'person');
  if (found.can_login && found.groups.length === 0) {
    return refused(
      'not_permitted',
      `${person} is a role of this server but not a Paydesk person (in no paydesk_ group): left as it is.`,
      'person',
    );
  }
  return { ok: true, data: found };
}

/** A removed person stays removed: their name is never given a login or a group again. */
async function activePerson(client: TeamClient, person: string): Promise<Result<RoleMembership>> {
  const found = await existingPerson(client, person);
  if (!found.ok || found.data.can_login) return found;
  return refused(
    'invalid_state',
    `${person} was removed (may not log in): a removed person gets no group or password again, so add someone under a new name.`,
    'person',
  );
}

interface GroupsSet extends TeamPerson {
  granted: TeamGroup[];
  revoked: TeamGroup[];
}

/**
 * Puts a person directly in exactly the given groups: grants what is missing and revokes the
 * rest, in one transaction. Rights come only from the groups, so an open session of theirs has
 * the new ones at its next statement.
 */
export async function setGroups(
  client: TeamClient,
  input: { person: string; groups: readonly string[] },
): Promise<Result<GroupsSet>> {
  const person = typedPerson(input.person);
  if (!person.ok) return person;
  const groups = typedGroups(input.groups);
  if (!groups.ok) return groups;
  try {
    const found = await activePerson(client, person.data);
    if (!found.ok) return found;
    const granted = groups.data.filter((group) => !found.data.groups.includes(group));
    const revoked = found.data.groups.filter((group) => !groups.data.includes(group));
    await inTransaction(client, async () => {
      for (const group of granted) {
        await client.query(`GRANT ${quoted(groupRole(group))} TO ${quoted(person.data)}`);
      }
      for (const group of revoked) {
        await client.query(`REVOKE ${quoted(groupRole(group))} FROM ${quoted(person.data)}`);
      }
    });
    return { ok: true, data: { person: person.data, groups: groups.data, granted, revoked } };
  } catch (error) {
    return { ok: false, error: administrationError(error, person.data) };
  }
}

/**
 * Gives a person a new password, as the owner (a lost or leaked one): only its SCRAM verifier is
 * sent, as at add-person. Their desks keep the old one in the keychain until they leave and join
 * again with the new one; open sessions stay open (PostgreSQL checks a password only at login).
 */
export async function setPassword(
  client: TeamClient,
  input: { person: string; password: string },
): Promise<Result<{ person: string }>> {
  const person = typedPerson(input.person);
  if (!person.ok) return person;
  const password = validPassword(input.password);
  if (!password.ok) return password;
  try {
    const found = await activePerson(client, person.data);
    if (!found.ok) return found;
    const { rows } = await client.query(
      `SELECT 1 FROM pg_catalog.pg_auth_members m
         JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
         JOIN pg_catalog.pg_roles r ON r.oid = m.member
        WHERE r.rolname = $1 AND g.rolname = $2`,
      [person.data, CERTIFICATE_GROUP],
    );
    if (rows.length > 0) {
      // pg_hba's `cert` line for the group comes first: a password would never be asked for.
      return refused(
        'invalid_state',
        `${person.data} signs in with a client certificate, so a password would not be used: nothing was changed.`,
        'person',
      );
    }
    await client.query(`ALTER ROLE ${quoted(person.data)} PASSWORD '${scramVerifier(password.data)}'`);
    return { ok: true, data: { person: person.data } };
  } catch (error) {
    return { ok: false, error: administrationError(error, person.data) };
  }
}

/**
 * A person changes their own password, connected as themselves (PostgreSQL lets any role do so):
 * only the verifier is sent, so the statement log never holds the password.
 */
export async function changeOwnPassword(client: TeamClient, newPassword: string): Promise<Result<void>> {
  const password = validPassword(newPassword);
  if (!password.ok) return password;
  try {
    await client.query(`ALTER ROLE SESSION_USER PASSWORD '${scramVerifier(password.data)}'`);
    return { ok: true, data: undefined };
  } catch (error) {
    return { ok: false, error: teamError(error) };
  }
}

/**
 * Removes a person: NOLOGIN and every group membership revoked. The role stays, so their journal
 * rows and operations keep naming someone, and the name is never reused. An open session keeps
 * its connection but loses every right at once, since rights come only from the groups.
 */
export async function removePerson(client: TeamClient, name: string): Promise<Result<RemovedPerson>> {
  const person = typedPerson(name);
  if (!person.ok) return person;
  try {
    const existing = await existingPerson(client, person.data);
    if (!existing.ok) return existing;
    const found = existing.data;
    await inTransaction(client, async () => {
      await client.query(`ALTER ROLE ${quoted(person.data)} NOLOGIN`);
      for (const group of found.groups) {
        await client.query(`REVOKE ${quoted(groupRole(group))} FROM ${quoted(person.data)}`);
      }
    });
    return { ok: true, data: { person: person.data, groupsRevoked: found.groups } };
  } catch (error) {
    return { ok: false, error: administrationError(error, person.data) };
  }
}

interface InitTeamInput {
  admin: string;
  password: string;
}

interface InitializedTeam {
  schema: { from: number; to: number };
  admin: TeamPerson;
}

/**
 * Sets up a team database as its owner: the migrations, then the first admin. Run again on a
 * database that has its schema, it only migrates and refuses an admin name that exists.
 */
export async function initTeam(client: TeamClient, input: InitTeamInput): Promise<Result<InitializedTeam>> {
  // Checked before the migrations, so a bad name or password leaves the database untouched.
  const person = typedPerson(input.admin, 'admin');
  if (!person.ok) return person;
  const password = validPassword(input.password);
  if (!password.ok) return password;
  const schema = await migrate(client);
  if (!schema.ok) return schema;
  const admin = await addPerson(client, { person: person.data, groups: ['admin'], password: password.data });
  if (!admin.ok) return admin;
  return { ok: true, data: { schema: schema.data, admin: admin.data } };
}
