import fc from 'fast-check';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { open as openFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CHANNELS,
  type AuditAction,
  type AuditUnresolvedView,
  type ConsoleError,
  type Result,
} from '../../shared/contract';
import { variablesIdentity } from '../../main/cli/environment';
import { JOURNAL_FILE, LOCK_FILE, openJournal } from '../../main/core/audit';
import { DRAFT_KEY_ACCOUNT } from '../../main/core/drafts';
import { validateBaseUrl } from '../../main/core/payments';
import { withFileLock } from '../../main/core/storage/file-lock';
import { createMemoryBackend } from '../../main/core/vault';
import type { SandboxHandle } from '../../main/sandbox';
import {
  addEnvironmentFor,
  control,
  dataOf,
  expect,
  FAST_CLIENT,
  type Call,
  type Console,
} from '../unit/console/console-fixture';
import { GATEWAY_FAULTS, startGateway, type ForwardedPost, type Gateway, type GatewayFault } from './gateway';

/**
 * The model-based proof: random sequences of what an operator can do (refund, deposit,
 * cancel, resend under the same key, resend another body under it, settle by hand after checking,
 * restart), through the dispatcher the screens use, against a real sandbox behind a gateway that
 * loses answers, answers 502 or 104 after the service acted, or delays. Three runtimes share one
 * data folder and one merchant account: this process (the app) and a second process (the CLI),
 * each through either of two production profiles whose addresses are spelled differently, and a
 * runtime whose environment is the CLI's PAYDESK_BASE_URL. Around them the world misbehaves: the
 * clock jumps past the service's 24 h memory of request keys, a process holding the journal's lock
 * is killed, a byte of the journal rots. The model knows only what the operator saw; after every
 * command the journal's unresolved intents must be the model's, and after every sequence the
 * service's records must match the journal: one record per operator intent, none settled as failed.
 */

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };

const HOUR_MS = 3_600_000;
/** D18 as the operator is told it: a key is sent again for 23 h after its first sending, never after. */
const RESEND_WINDOW_MS = 23 * HOUR_MS;
/** A day and an hour at once: past the 24 h the service keeps a key, where a resend makes a second record. */
const JUMP_MS = 25 * HOUR_MS;
/** The sandbox's first bulk deposit (COMPLETED): the target of refusals checked before any sequence. */
const FIRST_BULK = { id: 400_000_001, invoice: 'INV-400000001' };
/** How long a runtime waits for the journal's lock before it answers a `storage` error. */
const JOURNAL_LOCK_TIMEOUT_MS = 10_000;
/** The in-process runtimes' keychain service (the second process names its own). */
const VAULT_SERVICE = 'paydesk-test-model';

interface Tally {
  sequences: number;
  commands: number;
  faults: number;
  refusals: number;
  switches: number;
  jumps: number;
  /** Same-key resends refused because the key's first sending was more than 23 h ago. */
  expiredResends: number;
  kills: number;
  damages: number;
  /** Damaged lines that were an unknown intent's own: still unresolved and blocking after the repair. */
  damagedUnknowns: number;
  duplicates: number;
}

interface Target {
  action: AuditAction;
  /** Journal ids naming it. */
  ids: { deposit_id?: number; invoice_id?: string; cashout_id?: number };
  label: string;
}

interface SentRequest {
  target: Target;
  /** The request body as the console was given it (what a resend sends again). */
  body: Record<string, unknown>;
  key: string;
  /** The model's clock just before the key's first sending (D18 counts from it). */
  firstSentAt: number;
}

interface Model {
  sequence: number;
  deposits: Array<{ id: number; invoice: string }>;
  invoices: string[];
  cashouts: Array<{ cashoutId: number; externalId: string }>;
  /** Keys whose outcome the operator saw as unknown and has not seen settled, by key. */
  unknown: Map<string, SentRequest>;
  /** Every key the console got (new intents), with what it sent. */
  sent: Map<string, SentRequest>;
  /** The last deposit made per invoice id: its intent, for the confirmation of a second one. */
  lastDeposit: Map<string, string>;
  /** Cashouts the operator knows are cancelled. */
  cancelled: Set<number>;
}

/** Who acts: a runtime in this process, or one in a process of its own. */
interface Actor {
  call: Call;
  close(): Promise<void>;
}

/** A stored profile, with the name arming asks to be typed. */
interface ProfileRef {
  id: string;
  name: string;
}

/** An operator's seat: a runtime, and the profile it acts through (armed). */
interface Seat {
  label: string;
  actor: Actor;
  profile: ProfileRef;
  /** False for the PAYDESK_BASE_URL runtime: its environment is its variables, nothing to switch. */
  switchable: boolean;
}

interface World {
  service: SandboxHandle;
  gateway: Gateway;
  dataDir: string;
  /** Two production profiles on the one account: `127.0.0.1` and `localhost`, one service. */
  profiles: [ProfileRef, ProfileRef];
  /** The app (this process), the CLI (a second process), the CLI on PAYDESK_BASE_URL (this process). */
  seats: Seat[];
  active: number;
  /** The console clock of every runtime: real time plus this offset. */
  clock: { offsetMs: number };
  now(): number;
  reopen(index: number): Promise<void>;
  /** Arms seat `index`'s production profile, typing its name. */
  arm(index: number): Promise<void>;
  /** Makes seat `index` act through profile `profile` (where it can switch), armed. */
  use(index: number, profile: 0 | 1): Promise<void>;
  /** A lock holder process, started ahead (a process start is dear); the next one starts meanwhile. */
  lockHolder(): Promise<LockHolder>;
  /** Moves every runtime's clock and the service's business clock `ms` ahead, and arms again. */
  jumpClock(ms: number): Promise<void>;
  tally: Tally;
  nextBulk: number;
  close(): Promise<void>;
}

const isUnknown = (error: ConsoleError): boolean => error.kind === 'outcome_unknown';

const targetKey = (target: Target): string => `${target.action}:${target.label}`;

const acting = (world: World): Seat => {
  const seat = world.seats[world.active];
  if (!seat) throw new Error(`no seat ${world.active}`);
  return seat;
};

/** Past its 23 h, by the model's clock: the console must never send the key again. */
const expired = (world: World, sent: SentRequest): boolean =>
  world.now() - sent.firstSentAt >= RESEND_WINDOW_MS;

function unknownOn(model: Model, target: Target): SentRequest | undefined {
  return [...model.unknown.values()].find((sent) => targetKey(sent.target) === targetKey(target));
}

/** After every command: the journal's unresolved intents of this sequence are exactly the model's unknown keys. */
async function checkUnresolved(model: Model, world: World): Promise<AuditUnresolvedView[]> {
  const open = dataOf(await acting(world).actor.call('listUnresolvedIntents', {}));
  const mine = open.filter((view) => view.idempotencyKey !== null && model.sent.has(view.idempotencyKey));
  expect(new Set(mine.map((view) => view.idempotencyKey)), 'unresolved keys: journal vs operator').toEqual(
    new Set(model.unknown.keys()),
  );
  // Cancels are settled by reading the cashout at once: none may stay open here (faults come after the service acted).
  const cancels = open.filter(
    (view) =>
      view.action === 'cashout.cancel' && model.cashouts.some((c) => c.cashoutId === view.ids.cashout_id),
  );
  expect(cancels, 'no cancel of this sequence left unresolved').toEqual([]);
  // D18 as the screen shows it: resendable for 23 h from the key's first sending, and not after.
  for (const view of mine) {
    const sent = model.sent.get(view.idempotencyKey ?? '');
    if (!sent) continue;
    const from = Date.parse(view.resendUntil ?? '') - RESEND_WINDOW_MS;
    expect(from, `${sent.key}: resendable until 23 h after its first sending`).toBeGreaterThanOrEqual(
      sent.firstSentAt,
    );
    expect(from, `${sent.key}: resendable until 23 h after its first sending`).toBeLessThan(
      sent.firstSentAt + 60_000,
    );
    expect(view.canRetry, `${sent.key}: a retry is offered only within 23 h`).toBe(!expired(world, sent));
  }
  return mine;
}

/** A new intent on a target the operator saw go unknown must be refused, and nothing sent. */
function expectRefusedWhileUnknown(
  result: Result<unknown>,
  blocking: SentRequest,
  world: World,
  postsBefore: number,
): void {
  expect(result.ok, `a new intent on ${blocking.target.label} while ${blocking.key} is unknown`).toBe(false);
  if (result.ok) return;
  expect(result.error.kind).toBe('intent_unresolved');
  expect(result.error.getBlockingIntent?.idempotencyKey).toBe(blocking.key);
  expect(world.gateway.posts.length, 'nothing sent').toBe(postsBefore);
  world.tally.refusals += 1;
}

/** A refusal of this kind and text key, before anything went out through the gateway. */
function expectRefusedWith(
  result: Result<unknown>,
  refusal: { kind: ConsoleError['kind']; text: string },
  sent: { gateway: Gateway; postsBefore: number },
  what: string,
): void {
  expect(result.ok ? 'ok' : `${result.error.kind} ${result.error.text?.key ?? ''}`, what).toBe(
    `${refusal.kind} ${refusal.text}`,
  );
  expect(sent.gateway.posts.length, `${what}: nothing sent`).toBe(sent.postsBefore);
}

/** Records what the operator saw of a call that went out under `key`. */
function saw(model: Model, sent: SentRequest, result: Result<unknown>): void {
  if (result.ok) model.unknown.delete(sent.key);
  else if (isUnknown(result.error)) model.unknown.set(sent.key, sent);
  else model.unknown.delete(sent.key);
}

function refundBody(deposit: { id: number; invoice: string }, cents: number): Record<string, unknown> {
  return {
    deposit_id: deposit.id,
    invoice_id: deposit.invoice,
    amount: cents / 100,
    bank_account: BANK_ACCOUNT,
  };
}

type Command = fc.AsyncCommand<Model, World>;

class ArmFault implements Command {
  constructor(
    readonly fault: GatewayFault,
    readonly times: number,
  ) {}
  check = (): boolean => true;
  async run(_model: Model, world: World): Promise<void> {
    world.gateway.disarm();
    for (let index = 0; index < this.times; index += 1) {
      world.gateway.arm(this.fault, {
        method: this.fault === 'conflict_after' ? 'POST' : undefined,
        path: /^\/v3\/(refunds|deposits|cashout\/cancel)$/,
      });
    }
    world.tally.faults += this.times;
  }
  toString = (): string => `arm(${this.fault}×${this.times})`;
}

class CreateRefund implements Command {
  constructor(
    readonly deposit: number,
    readonly cents: number,
  ) {}
  check = (model: Readonly<Model>): boolean => model.deposits.length > this.deposit;
  async run(model: Model, world: World): Promise<void> {
    const deposit = model.deposits[this.deposit];
    if (!deposit) return;
    const target: Target = {
      action: 'refund.create',
      ids: { deposit_id: deposit.id },
      label: String(deposit.id),
    };
    const body = refundBody(deposit, this.cents);
    const blocking = unknownOn(model, target);
    const postsBefore = world.gateway.posts.length;
    const firstSentAt = world.now();
    const result = await acting(world).actor.call('createRefund', {
      body,
      reason: `model ${model.sequence}`,
    });
    if (blocking) expectRefusedWhileUnknown(result, blocking, world, postsBefore);
    else {
      const key = result.ok ? result.data.idempotencyKey : result.error.idempotencyKey;
      if (key !== undefined && world.gateway.posts.length > postsBefore) {
        const sent = { target, body, key, firstSentAt };
        model.sent.set(key, sent);
        saw(model, sent, result);
      }
    }
    await checkUnresolved(model, world);
  }
  toString = (): string => `refund(d${this.deposit}, ${this.cents})`;
}

class CreateDeposit implements Command {
  constructor(
    readonly invoice: number,
    readonly amount: number,
    readonly confirm: boolean,
  ) {}
  check = (model: Readonly<Model>): boolean => model.invoices.length > this.invoice;
  async run(model: Model, world: World): Promise<void> {
    const invoice = model.invoices[this.invoice];
    if (!invoice) return;
    const target: Target = { action: 'deposit.create', ids: { invoice_id: invoice }, label: invoice };
    const body = { amount: this.amount, country: 'BR', currency: 'BRL', invoice_id: invoice };
    const blocking = unknownOn(model, target);
    const confirmedOf = this.confirm ? model.lastDeposit.get(invoice) : undefined;
    const postsBefore = world.gateway.posts.length;
    const firstSentAt = world.now();
    const result = await acting(world).actor.call('createDeposit', {
      body,
      reason: `model ${model.sequence}`,
      ...(confirmedOf !== undefined && { confirmedDuplicateOf: confirmedOf }),
    });
    if (blocking) expectRefusedWhileUnknown(result, blocking, world, postsBefore);
    else if (model.lastDeposit.has(invoice) && confirmedOf === undefined) {
      expect(
        result.ok ? 'ok' : result.error.kind,
        'a second deposit for the invoice needs its confirmation',
      ).toBe('duplicate_invoice');
      expect(world.gateway.posts.length, 'nothing sent').toBe(postsBefore);
      world.tally.refusals += 1;
    } else {
      const key = result.ok ? result.data.idempotencyKey : result.error.idempotencyKey;
      if (key !== undefined && world.gateway.posts.length > postsBefore) {
        const sent = { target, body, key, firstSentAt };
        model.sent.set(key, sent);
        saw(model, sent, result);
        if (result.ok && result.data.intentId) model.lastDeposit.set(invoice, result.data.intentId);
      }
    }
    await checkUnresolved(model, world);
  }
  toString = (): string => `deposit(i${this.invoice}, ${this.amount}${this.confirm ? ', confirmed' : ''})`;
}

class CancelCashout implements Command {
  constructor(readonly cashout: number) {}
  check = (model: Readonly<Model>): boolean => model.cashouts.length > this.cashout;
  async run(model: Model, world: World): Promise<void> {
    const cashout = model.cashouts[this.cashout];
    if (!cashout) return;
    const result = await acting(world).actor.call('cancelCashout', {
      ...cashout,
      typedConfirmation: String(cashout.cashoutId),
      reason: `model ${model.sequence}`,
    });
    if (model.cancelled.has(cashout.cashoutId)) {
      expect(result.ok ? 'ok' : result.error.kind, 'a cancelled cashout is never cancelled again').toBe(
        'invalid_state',
      );
    } else if (result.ok || isUnknown(result.error)) {
      // Every fault comes after the service acted, and the core reads the status at once.
      model.cancelled.add(cashout.cashoutId);
    }
    await checkUnresolved(model, world);
  }
  toString = (): string => `cancel(c${this.cashout})`;
}

/**
 * Sends `sent` again under its key, through the create call or the journal's retry, and checks the
 * answer against what the operator may expect: refused past 23 h, else the service's first answer.
 */
async function resend(
  model: Model,
  world: World,
  sent: SentRequest,
  through: 'create' | 'journal',
): Promise<void> {
  const seat = acting(world);
  const postsBefore = world.gateway.posts.length;
  let result: Result<unknown>;
  let retriedAs: string | undefined;
  if (through === 'journal') {
    const views = dataOf(await seat.actor.call('listUnresolvedIntents', {}));
    const view = views.find((candidate) => candidate.idempotencyKey === sent.key);
    expect(view, `the journal lists ${sent.key}`).toBeDefined();
    retriedAs = view?.environment.id;
    // With a reason, as a person retrying gives one: an intent known only from a repair lost its own.
    result = await seat.actor.call('retryIntent', {
      intentId: view?.intentId ?? '',
      reason: `model ${model.sequence}: retry after a lost answer`,
    });
  } else {
    const method = sent.target.action === 'refund.create' ? 'createRefund' : 'createDeposit';
    result = await seat.actor.call(method, { body: sent.body, reason: 'resend', idempotencyKey: sent.key });
  }
  if (expired(world, sent)) {
    // D18: the service may have forgotten the key, so a resend could make a second record.
    expectRefusedWith(
      result,
      { kind: 'invalid_state', text: 'journal.keyExpired' },
      { gateway: world.gateway, postsBefore },
      `resend of ${sent.key} past 23 h (${through})`,
    );
    world.tally.refusals += 1;
    world.tally.expiredResends += 1;
  } else if (
    retriedAs !== undefined &&
    retriedAs !== seat.profile.id &&
    !result.ok &&
    result.error.kind === 'not_permitted'
  ) {
    // The journal retries through the intent's own profile, which this runtime has not armed.
    expectRefusedWith(
      result,
      { kind: 'not_permitted', text: 'guard.productionNotArmed' },
      { gateway: world.gateway, postsBefore },
      `retry of ${sent.key} through its own profile, unarmed here`,
    );
    world.tally.refusals += 1;
  } else if (!result.ok && world.gateway.posts.length === postsBefore) {
    // Refused before anything was sent: the outcome is as unknown as it was, and stays listed.
    world.tally.refusals += 1;
  } else {
    saw(model, sent, result);
    if (result.ok && sent.target.action === 'deposit.create') {
      const data = result.data as { intentId?: string | null };
      if (typeof data.intentId === 'string') model.lastDeposit.set(sent.target.label, data.intentId);
      else await rememberDepositOf(model, world, sent);
    }
  }
  await checkUnresolved(model, world);
}

class ResendSameKey implements Command {
  constructor(
    readonly pick: number,
    readonly through: 'create' | 'journal',
  ) {}
  check = (model: Readonly<Model>): boolean => model.unknown.size > 0;
  async run(model: Model, world: World): Promise<void> {
    const open = [...model.unknown.values()];
    const sent = open[this.pick % open.length];
    if (sent) await resend(model, world, sent, this.through);
  }
  toString = (): string => `resend(${this.pick}, ${this.through})`;
}

/** After a journal retry of a deposit, the intent that made it is the one the confirmation names. */
async function rememberDepositOf(model: Model, world: World, sent: SentRequest): Promise<void> {
  const entries = dataOf(await acting(world).actor.call('listAuditEntries', { action: 'deposit.create' }));
  const intent = entries.find((entry) => entry.type === 'intent' && entry.idempotencyKey === sent.key);
  if (intent?.intentId) model.lastDeposit.set(sent.target.label, intent.intentId);
}

class ResendOtherBody implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>): boolean =>
    [...model.sent.values()].some((sent) => sent.target.action === 'refund.create');
  async run(model: Model, world: World): Promise<void> {
    const refunds = [...model.sent.values()].filter((sent) => sent.target.action === 'refund.create');
    const sent = refunds[this.pick % refunds.length];
    if (!sent) return;
    const postsBefore = world.gateway.posts.length;
    const amount = typeof sent.body.amount === 'number' ? Math.round(sent.body.amount * 100 + 1) / 100 : 0.01;
    const result = await acting(world).actor.call('createRefund', {
      body: { ...sent.body, amount } as never,
      reason: 'edited',
      idempotencyKey: sent.key,
    });
    expect(result.ok ? 'ok' : result.error.kind, 'another body under a used key').toBe(
      'idempotency_conflict',
    );
    expect(world.gateway.posts.length, 'nothing sent').toBe(postsBefore);
    world.tally.refusals += 1;
    await checkUnresolved(model, world);
  }
  toString = (): string => `resend-other-body(${this.pick})`;
}

class SettleByHand implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>): boolean => model.unknown.size > 0;
  async run(model: Model, world: World): Promise<void> {
    const open = [...model.unknown.values()];
    const sent = open[this.pick % open.length];
    if (!sent) return;
    // The operator checks with the service (here: what it answered through the gateway).
    const happened = world.gateway.posts.some(
      (post) => post.idempotencyKey === sent.key && post.status === 200,
    );
    const { actor } = acting(world);
    const views = dataOf(await actor.call('listUnresolvedIntents', {})).filter(
      (view) => view.idempotencyKey === sent.key,
    );
    for (const view of views) {
      dataOf(
        await actor.call('settleIntent', {
          intentId: view.intentId,
          verdict: happened ? 'happened' : 'did_not_happen',
          note: `checked in the model's service log (sequence ${model.sequence})`,
        }),
      );
    }
    model.unknown.delete(sent.key);
    if (happened && sent.target.action === 'deposit.create' && views[0]) {
      model.lastDeposit.set(sent.target.label, views[0].intentId);
    }
    await checkUnresolved(model, world);
  }
  toString = (): string => `settle(${this.pick})`;
}

class Restart implements Command {
  constructor(readonly index: number) {}
  check = (): boolean => true;
  async run(model: Model, world: World): Promise<void> {
    await world.reopen(this.index);
    await checkUnresolved(model, world);
  }
  toString = (): string => `restart(${this.index})`;
}

/** The operator moves to another runtime, or to the other production profile of the same account. */
class SwitchProfile implements Command {
  constructor(
    readonly seat: number,
    readonly profile: 0 | 1,
  ) {}
  check = (): boolean => true;
  async run(model: Model, world: World): Promise<void> {
    await world.use(this.seat, this.profile);
    world.active = this.seat;
    world.tally.switches += 1;
    // Targets are per account: what the model expects does not depend on who acts.
    await checkUnresolved(model, world);
  }
  toString = (): string => `switch(${this.seat}, p${this.profile})`;
}

/**
 * A day passes while an outcome is unknown, and the operator, back, sends it again under its
 * key: refused, as is every later resend of a key first sent before the jump (D18).
 */
class JumpClock implements Command {
  constructor(
    readonly pick: number,
    readonly through: 'create' | 'journal',
  ) {}
  check = (model: Readonly<Model>): boolean => model.unknown.size > 0;
  async run(model: Model, world: World): Promise<void> {
    await world.jumpClock(JUMP_MS);
    world.tally.jumps += 1;
    await checkUnresolved(model, world);
    const open = [...model.unknown.values()];
    const sent = open[this.pick % open.length];
    if (sent) await resend(model, world, sent, this.through);
  }
  toString = (): string => `jump-clock(25 h, then resend(${this.pick}, ${this.through}))`;
}

/** A process of test/support/lock-holder.ts, started and waiting to be told to take the lock. */
interface LockHolder {
  /** Resolves once it holds the lock. */
  take(): Promise<void>;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
}

async function startLockHolder(lockPath: string): Promise<LockHolder> {
  const child = fork(join(import.meta.dirname, 'lock-holder.ts'), [lockPath], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (): Promise<unknown> =>
    new Promise((resolve, reject) => {
      child.once('message', resolve);
      void exited.then(() => reject(new Error('the lock holder exited')));
    });
  expect(await next(), 'the lock holder started').toEqual({ ready: true });
  return {
    take: async () => {
      const answer = next();
      child.send({ take: true });
      expect(await answer, 'the lock holder took the journal lock').toEqual({ held: true });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A process (the app, the CLI) dies while it holds the journal's lock, with a runtime waiting for
 * it: the kernel releases the lock, the waiter goes on long before its timeout, nothing is lost.
 */
class KillLockHolder implements Command {
  check = (): boolean => true;
  async run(model: Model, world: World): Promise<void> {
    const lockPath = join(world.dataDir, 'audit', LOCK_FILE);
    const holder = await world.lockHolder();
    try {
      await holder.take();
      const probe = await withFileLock(lockPath, { timeoutMs: 10 }, async () => ({ ok: true, data: null }));
      expect(probe.ok, 'nobody else gets the lock while the holder lives').toBe(false);
      const started = performance.now();
      const waiting = acting(world).actor.call('verifyAudit', {});
      // Long enough for the waiter to find the lock held and back off.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.kill();
      const verified = dataOf(await waiting);
      expect(verified.ok, 'the journal verifies after its lock holder died').toBe(true);
      expect(
        performance.now() - started,
        'the waiter got the lock without waiting out its timeout',
      ).toBeLessThan(JOURNAL_LOCK_TIMEOUT_MS);
    } finally {
      await holder.kill();
    }
    world.tally.kills += 1;
    await checkUnresolved(model, world);
  }
  toString = (): string => 'kill-lock-holder';
}

/** A sound intent line of the journal, as it lies in the file. */
interface IntentLine {
  index: number;
  text: string;
  idempotencyKey: string | null;
}

/** The journal's sound intent lines (each matches an entry the journal reads), in file order. */
async function intentLines(world: World, lines: readonly string[]): Promise<IntentLine[]> {
  const entries = dataOf(await acting(world).actor.call('listAuditEntries', {}));
  const sound = new Set(entries.filter((entry) => entry.type === 'intent').map((entry) => entry.hash));
  const found: IntentLine[] = [];
  // Never the last line: an intent always has its outcome after it, and the anchor names the last.
  for (const [index, text] of lines.slice(0, -2).entries()) {
    let parsed: { type?: unknown; hash?: unknown; idempotencyKey?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      continue;
    }
    if (parsed.type !== 'intent' || typeof parsed.hash !== 'string' || !sound.has(parsed.hash)) continue;
    found.push({
      index,
      text,
      idempotencyKey: typeof parsed.idempotencyKey === 'string' ? parsed.idempotencyKey : null,
    });
  }
  return found;
}

/** Where one byte of the line rots, and into what: the last digit of a deposit id, or a closing quote. */
function rot(text: string): { at: number; byte: string } {
  const depositId = /"deposit_id":(\d+)/.exec(text);
  if (depositId?.[1] !== undefined) {
    const at = depositId.index + depositId[0].length - 1;
    return { at, byte: String((Number(text[at]) + 1) % 10) };
  }
  const reason = /"reason":"[^"]*"/.exec(text);
  if (reason) return { at: reason.index + reason[0].length - 1, byte: "'" };
  throw new Error(`nothing to rot in ${text.slice(0, 80)}`);
}

/**
 * A byte of the journal rots in an intent line: of a key the operator sees as unknown, else of an
 * earlier sequence (never a settled intent of this one, whose place among the journal's deposits
 * the model keeps). Once the runtimes read it, no new intent goes out through any of them until a
 * person repairs it; after the repair the unknown key is still unresolved and still blocks.
 */
class DamageJournalLine implements Command {
  constructor(
    readonly pick: number,
    /** Runs only while an outcome is unknown, to rot that intent's own line. */
    readonly ofUnknown: boolean,
  ) {}
  check = (model: Readonly<Model>): boolean => !this.ofUnknown || model.unknown.size > 0;
  async run(model: Model, world: World): Promise<void> {
    const path = join(world.dataDir, 'audit', JOURNAL_FILE);
    const text = await readFile(path, 'utf8');
    const lines = text.split('\n');
    const candidates = await intentLines(world, lines);
    const open = [...model.unknown.values()];
    const unknown = open[this.pick % Math.max(1, open.length)];
    const line =
      candidates.find((candidate) => unknown !== undefined && candidate.idempotencyKey === unknown.key) ??
      candidates.findLast(
        (candidate) => candidate.idempotencyKey !== null && !model.sent.has(candidate.idempotencyKey),
      );
    if (!line) {
      await checkUnresolved(model, world);
      return;
    }
    const blocking = unknown?.key === line.idempotencyKey ? unknown : undefined;
    const { at, byte } = rot(line.text);
    const offset =
      Buffer.byteLength(lines.slice(0, line.index).join('\n'), 'utf8') +
      (line.index > 0 ? 1 : 0) +
      Buffer.byteLength(line.text.slice(0, at), 'utf8');
    const file = await openFile(path, 'r+');
    try {
      await file.write(Buffer.from(byte, 'utf8'), 0, 1, offset);
    } finally {
      await file.close();
    }
    // A runtime reads only what was appended since its last read: reopened, each reads the damage.
    for (const index of world.seats.keys()) await world.reopen(index);

    const deposit = model.deposits[0];
    if (!deposit) throw new Error('no deposit in this sequence');
    for (const seat of world.seats) {
      const postsBefore = world.gateway.posts.length;
      const result = await seat.actor.call('createRefund', {
        body: refundBody(deposit, 1),
        reason: `model ${model.sequence}: while the journal is damaged`,
      });
      expectRefusedWith(
        result,
        { kind: 'storage', text: 'journal.damaged' },
        { gateway: world.gateway, postsBefore },
        `a new intent through the ${seat.label} while a line is damaged`,
      );
      world.tally.refusals += 1;
    }

    const journal = dataOf(
      await openJournal({
        dir: join(world.dataDir, 'audit'),
        now: () => new Date(world.now()),
        osUser: 'repairer',
      }),
    );
    try {
      const repaired = dataOf(
        await journal.repairDamage({ reason: `model ${model.sequence}: disk checked` }),
      );
      expect(repaired.lines.map((repairedLine) => repairedLine.line)).toEqual([line.index + 1]);
    } finally {
      await journal.close();
    }

    if (blocking) {
      // Never forgotten: listed from its kept request, and it still blocks its target.
      const views = await checkUnresolved(model, world);
      expect(
        views.some((view) => view.idempotencyKey === blocking.key && view.cause === 'damaged_line'),
        `${blocking.key} is listed from the repair`,
      ).toBe(true);
      const postsBefore = world.gateway.posts.length;
      const body =
        blocking.target.action === 'refund.create'
          ? { ...blocking.body, amount: 0.01 }
          : { ...blocking.body, amount: 99 };
      const method = blocking.target.action === 'refund.create' ? 'createRefund' : 'createDeposit';
      const result = await acting(world).actor.call(method, { body, reason: 'after the repair' });
      expectRefusedWhileUnknown(result, blocking, world, postsBefore);
      world.tally.damagedUnknowns += 1;
    }
    world.tally.damages += 1;
    await checkUnresolved(model, world);
  }
  toString = (): string => `damage-journal-line(${this.pick}${this.ofUnknown ? ', of an unknown' : ''})`;
}

const armFault = fc
  .tuple(fc.constantFrom(...GATEWAY_FAULTS), fc.integer({ min: 1, max: 3 }))
  .map(([fault, times]) => new ArmFault(fault, times));
const createRefund = fc
  .tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 5 }))
  .map(([deposit, cents]) => new CreateRefund(deposit, cents));
const createDeposit = fc
  .tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom(10, 10, 12.5), fc.boolean())
  .map(([invoice, amount, confirm]) => new CreateDeposit(invoice, amount, confirm));

const resendSameKey = fc
  .tuple(fc.nat(), fc.constantFrom('create' as const, 'journal' as const))
  .map(([pick, through]) => new ResendSameKey(pick, through));
const jumpClock = fc
  .tuple(fc.nat(), fc.constantFrom('create' as const, 'journal' as const))
  .map(([pick, through]) => new JumpClock(pick, through));
const switchProfile = fc
  .tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(0 as const, 1 as const))
  .map(([seat, profile]) => new SwitchProfile(seat, profile));

/**
 * Weights, by repeating a slot. Faults weigh triple and new intents double (near the share they had
 * among fewer commands): they make the unknown outcomes the rules are about. Same-key resends and
 * clock jumps, which run only while an outcome is unknown, weigh double, and so do switches, which
 * carry the account's rules across profiles and processes. A killed lock holder and a damaged line
 * cost a process and three reopened runtimes: the damage of an unknown intent's own line has a slot
 * (it runs only while one is unknown), and both share a last slot with the switches, a quarter of it
 * each, to keep a run's time near what it was without them.
 */
const operatorCommands = [
  armFault,
  armFault,
  armFault,
  createRefund,
  createRefund,
  createDeposit,
  createDeposit,
  fc.integer({ min: 0, max: 1 }).map((cashout) => new CancelCashout(cashout)),
  resendSameKey,
  resendSameKey,
  fc.nat().map((pick) => new ResendOtherBody(pick)),
  fc.nat().map((pick) => new SettleByHand(pick)),
  fc.constantFrom(0, 1, 2).map((index) => new Restart(index)),
  jumpClock,
  jumpClock,
  switchProfile,
  switchProfile,
  fc.nat().map((pick) => new DamageJournalLine(pick, true)),
  fc.oneof(
    { arbitrary: switchProfile, weight: 2 },
    { arbitrary: fc.constant(new KillLockHolder()), weight: 1 },
    { arbitrary: fc.nat().map((pick) => new DamageJournalLine(pick, false)), weight: 1 },
  ),
];

/** A journaled intent, by its id: its state now, and the account it moved money on. */
type JournaledIntents = Map<string, { state: string | undefined; account: string | undefined }>;

/** The intents the journal holds per request key: every entry naming one, and every unresolved intent. */
export async function journaledIntents(call: Call): Promise<Map<string, JournaledIntents>> {
  const byKey = new Map<string, JournaledIntents>();
  const add = (
    key: string,
    intentId: string,
    state: string | undefined,
    account: string | undefined,
  ): void => {
    const intents: JournaledIntents = byKey.get(key) ?? new Map();
    if (!intents.has(intentId)) intents.set(intentId, { state, account });
    byKey.set(key, intents);
  };
  // An intent whose own line was damaged is known from its outcome's line, or from the repair.
  for (const entry of dataOf(await call('listAuditEntries', {}))) {
    if (entry.intentId && entry.idempotencyKey) {
      add(entry.idempotencyKey, entry.intentId, entry.state, entry.environment?.account);
    }
  }
  for (const view of dataOf(await call('listUnresolvedIntents', {}))) {
    if (view.idempotencyKey) add(view.idempotencyKey, view.intentId, 'unknown', view.environment.account);
  }
  return byKey;
}

/** What the service made through the gateway (200 answers with a refund or deposit id), per request key. */
export function recordsByKey(
  posts: readonly ForwardedPost[],
  keys?: ReadonlySet<string>,
): Map<string, Set<number>> {
  const records = new Map<string, Set<number>>();
  for (const post of posts) {
    if (post.status !== 200 || !post.idempotencyKey || (keys && !keys.has(post.idempotencyKey))) continue;
    const answer = JSON.parse(post.answer) as { refund_id?: number; deposit_id?: number };
    const id = answer.refund_id ?? answer.deposit_id;
    if (id === undefined) continue;
    const ids = records.get(post.idempotencyKey) ?? new Set<number>();
    ids.add(id);
    records.set(post.idempotencyKey, ids);
  }
  return records;
}

/**
 * After a sequence: what the service made through the gateway against the journal. Each record
 * belongs to exactly one key, each key journaled, no key that made a record settled as failed,
 * and per target no more records than the operator's separate intents.
 */
async function compareServiceWithJournal(model: Model, world: World): Promise<void> {
  world.gateway.disarm();
  const { call } = acting(world).actor;
  const intentsByKey = await journaledIntents(call);
  const records = recordsByKey(world.gateway.posts, new Set(model.sent.keys()));
  for (const [key, ids] of records) {
    const intents = [...(intentsByKey.get(key) ?? new Map<never, never>()).entries()];
    if (ids.size > 1) world.tally.duplicates += 1;
    expect(ids.size, `one record per key (${key})`).toBe(1);
    expect(intents.length, `the record of ${key} has its journaled intent`).toBeGreaterThan(0);
    for (const [intentId, intent] of intents) {
      expect(intent.state, `intent ${intentId} made a record: never settled as failed`).not.toBe('error');
    }
  }
  // Each operator intent (a key) is one wish: no target got records from two keys while one was unknown,
  // which the refusals above prove; here, the counts per target agree with the keys that made them.
  const byTarget = new Map<string, number>();
  for (const key of records.keys()) {
    const sent = model.sent.get(key);
    if (sent) byTarget.set(targetKey(sent.target), (byTarget.get(targetKey(sent.target)) ?? 0) + 1);
  }
  for (const [target, count] of byTarget) {
    const keys = [...model.sent.values()].filter((sent) => targetKey(sent.target) === target).length;
    expect(count, `records on ${target}`).toBeLessThanOrEqual(keys);
  }
  expect(dataOf(await call('verifyAudit', {})).ok, 'the chain verifies').toBe(true);
}

/** A console runtime in a child process (test/support/runtime-process.ts), called over IPC. */
async function childActor(setup: {
  dataDir: string;
  credentials: Record<string, string>;
  options: object;
  sealKey: string;
}): Promise<Actor & { reopen(): Promise<void>; setClock(offsetMs: number): Promise<void> }> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'runtime-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PAYDESK_CHILD_SETUP: JSON.stringify(setup) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (answer: Result<unknown>) => void>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, () => resolve());
    child.once('exit', (code) => reject(new Error(`the second process exited (${String(code)})`)));
  });
  child.on('message', (message: { id: number; answer: Result<unknown> }) => {
    waiting.get(message.id)?.(message.answer);
    waiting.delete(message.id);
  });
  const send = (message: Record<string, unknown>): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ ...message, id });
    });
  await ready;
  return {
    call: ((method: keyof typeof CHANNELS, arg: unknown) =>
      send({ type: 'call', channel: CHANNELS[method], arg })) as Call,
    reopen: async () => {
      await send({ type: 'reopen' });
    },
    setClock: async (offsetMs) => {
      await send({ type: 'clock', offsetMs });
    },
    close: async () => {
      if (child.connected) await send({ type: 'close' });
    },
  };
}

/**
 * One production account behind the gateway, reached as two stored production profiles (one at
 * `127.0.0.1`, one at `localhost`) and as the CLI's PAYDESK_BASE_URL; three runtimes on one data
 * folder with one clock, each armed: the app here, the CLI in a second process, the CLI on its
 * variables here.
 */
export async function openWorld(
  openConsole: (options?: object) => Console,
  sandbox: (options?: object) => Promise<SandboxHandle>,
  bulkDeposits: number,
  dataDir: string,
): Promise<World> {
  const service = await sandbox({ bulkDeposits });
  const gateway = await startGateway(service.baseUrl, { signer: service.credentials, delayMs: 30 });
  const { port } = new URL(gateway.baseUrl);
  const lockPath = join(dataDir, 'audit', LOCK_FILE);
  const spareHolder = (): Promise<LockHolder> => {
    const started = startLockHolder(lockPath);
    // A start that failed is reported to the command that uses it.
    started.catch(() => undefined);
    return started;
  };
  let spare = spareHolder();
  const clock = { offsetMs: 0 };
  const now = (): number => Date.now() + clock.offsetMs;
  // The install's sealing key, in this process's keychain and handed to the second process's: the app
  // and the CLI share the OS keychain, so each can retry what the other kept.
  const keychain = createMemoryBackend();
  const sealKey = randomBytes(32).toString('base64');
  dataOf(await keychain.set(VAULT_SERVICE, DRAFT_KEY_ACCOUNT, sealKey));
  const common = {
    client: FAST_CLIENT,
    watch: { polling: false },
    journalLock: { timeoutMs: JOURNAL_LOCK_TIMEOUT_MS },
  };
  const options = { ...common, vault: { backend: keychain, service: VAULT_SERVICE }, now };

  const setup = openConsole(options);
  const profiles: [ProfileRef, ProfileRef] = [
    await addEnvironmentFor(
      setup,
      { name: 'Production', kind: 'production', baseUrl: `http://127.0.0.1:${port}` },
      service.credentials,
    ),
    await addEnvironmentFor(
      setup,
      { name: 'Production (localhost)', kind: 'production', baseUrl: `http://localhost:${port}` },
      service.credentials,
    ),
  ];
  // D19: a testing profile never reaches production's service, however its address is spelled.
  const staging = await setup.call('addEnvironment', {
    name: 'Staging',
    kind: 'testing',
    baseUrl: `http://LOCALHOST:${port}/`,
  });
  expect(staging.ok ? 'ok' : staging.error.text?.key, 'a testing profile on the production service').toBe(
    'environment.sharedBaseUrl',
  );
  const environments = dataOf(await setup.call('listEnvironments', {})).environments;
  await setup.close();

  // The CLI's PAYDESK_BASE_URL, spelled a third way, is the production profile, and needs arming too.
  const variablesUrl = dataOf(validateBaseUrl(`http://LOCALHOST:${port}/`, 'PAYDESK_BASE_URL'));
  const identity = dataOf(variablesIdentity(variablesUrl, environments, undefined));
  expect(identity, 'PAYDESK_BASE_URL on the production service is the production profile').toMatchObject({
    id: profiles[0].id,
    kind: 'production',
  });
  const openVariables = (): Console =>
    openConsole({
      ...options,
      embeddedSandbox: false,
      transientEnvironment: {
        profile: identity,
        baseUrl: variablesUrl,
        credentials: { ...service.credentials },
      },
    });
  const variables = openVariables();
  expectRefusedWith(
    await variables.call('createRefund', { body: refundBody(FIRST_BULK, 1), reason: 'variables' }),
    { kind: 'not_permitted', text: 'guard.productionNotArmed' },
    { gateway, postsBefore: 0 },
    'PAYDESK_BASE_URL on production, unarmed',
  );

  const openApp = (profile: ProfileRef): Console =>
    openConsole({ ...options, activeEnvironmentId: profile.id });
  const second = await childActor({
    dataDir,
    credentials: { ...service.credentials },
    // It starts on the other spelling of the account, so a switch between the processes crosses profiles too.
    options: { ...common, activeEnvironmentId: profiles[1].id },
    sealKey,
  });
  const seats: Seat[] = [
    { label: 'app', actor: openApp(profiles[0]), profile: profiles[0], switchable: true },
    { label: 'CLI process', actor: second, profile: profiles[1], switchable: true },
    { label: 'PAYDESK_BASE_URL runtime', actor: variables, profile: identity, switchable: false },
  ];
  const seat = (index: number): Seat => {
    const found = seats[index];
    if (!found) throw new Error(`no seat ${index}`);
    return found;
  };
  const arm = async (index: number): Promise<void> => {
    const { actor, profile } = seat(index);
    dataOf(await actor.call('armProduction', { confirmation: profile.name }));
  };
  for (const index of seats.keys()) await arm(index);

  const world: World = {
    service,
    gateway,
    dataDir,
    profiles,
    seats,
    active: 0,
    clock,
    now,
    tally: {
      sequences: 0,
      commands: 0,
      faults: 0,
      refusals: 0,
      switches: 0,
      jumps: 0,
      expiredResends: 0,
      kills: 0,
      damages: 0,
      damagedUnknowns: 0,
      duplicates: 0,
    },
    nextBulk: FIRST_BULK.id,
    arm,
    reopen: async (index) => {
      const reopened = seat(index);
      if (index === 1) {
        await second.reopen();
        // It starts on the profile it was opened with, as a CLI pinned by --env does.
        if (reopened.profile.id !== profiles[1].id) {
          dataOf(await second.call('useEnvironment', { id: reopened.profile.id }));
        }
      } else {
        await reopened.actor.close();
        reopened.actor = index === 2 ? openVariables() : openApp(reopened.profile);
      }
      await arm(index);
    },
    use: async (index, profile) => {
      const moved = seat(index);
      const wanted = profiles[profile];
      if (moved.switchable && moved.profile.id !== wanted.id) {
        dataOf(await moved.actor.call('useEnvironment', { id: wanted.id }));
        moved.profile = wanted;
      }
      // Arming lapses after ten idle minutes, and the model may have left this seat for longer.
      await arm(index);
    },
    jumpClock: async (ms) => {
      clock.offsetMs += ms;
      await second.setClock(clock.offsetMs);
      await control(service, '/clock/advance', { seconds: ms / 1000 });
      for (const index of seats.keys()) await arm(index);
    },
    lockHolder: () => {
      const handed = spare;
      spare = spareHolder();
      return handed;
    },
    close: async () => {
      await second.close();
      await gateway.close();
      await (await spare.catch(() => null))?.kill();
    },
  };
  return world;
}

/** Two COMPLETED deposits no earlier sequence touched (the sandbox's bulk deposits). */
async function freshDeposits(world: World): Promise<Array<{ id: number; invoice: string }>> {
  const found: Array<{ id: number; invoice: string }> = [];
  while (found.length < 2) {
    const id = world.nextBulk;
    world.nextBulk += 1;
    const read = await acting(world).actor.call('getDeposit', { depositId: id });
    const record = dataOf(read).record;
    if (record.status === 'COMPLETED') found.push({ id, invoice: record.invoice_id ?? `INV-${id}` });
  }
  return found;
}

/** A fresh model and targets for one sequence. */
async function newSequence(world: World, sequence: number): Promise<Model> {
  world.gateway.disarm();
  world.active = 0;
  // Arming lapses after ten idle minutes: a long run may have left this seat idle for longer.
  await world.arm(0);
  const cashouts: Model['cashouts'] = [];
  for (let index = 0; index < 2; index += 1) {
    const made = (await control(world.service, '/cashouts', {
      external_id: `model-${sequence}-${index}`,
    })) as {
      cashout_id: number;
      external_id: string;
    };
    cashouts.push({ cashoutId: made.cashout_id, externalId: made.external_id });
  }
  return {
    sequence,
    deposits: await freshDeposits(world),
    invoices: [`MODEL-${sequence}-A`, `MODEL-${sequence}-B`],
    cashouts,
    unknown: new Map(),
    sent: new Map(),
    lastDeposit: new Map(),
    cancelled: new Set(),
  };
}

/** Runs `runs` random sequences of at most `maxCommands` operator commands. */
export async function runOperatorModel(
  world: World,
  runs: number,
  maxCommands: number,
  seed?: number,
): Promise<Tally> {
  let sequence = 0;
  await fc.assert(
    fc.asyncProperty(fc.commands(operatorCommands, { maxCommands }), async (commands) => {
      sequence += 1;
      const model = await newSequence(world, sequence);
      await fc.asyncModelRun(() => ({ model, real: world }), commands);
      world.tally.sequences += 1;
      world.tally.commands += [...commands].length;
      await compareServiceWithJournal(model, world);
    }),
    {
      numRuns: runs,
      ...(seed !== undefined && { seed }),
      // A failure's seed and path replay it alone (fast-check prints both).
      ...(process.env.PAYDESK_MODEL_SEED && {
        seed: Number(process.env.PAYDESK_MODEL_SEED),
        path: process.env.PAYDESK_MODEL_PATH,
      }),
      endOnFailure: true,
    },
  );
  return world.tally;
}
