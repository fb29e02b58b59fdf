import fc from 'fast-check';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  CHANNELS,
  type AuditAction,
  type AuditUnresolvedView,
  type ConsoleError,
  type Result,
} from '../../shared/contract';
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
import { GATEWAY_FAULTS, startGateway, type Gateway, type GatewayFault } from './gateway';

/**
 * Issue 24's model-based proof: random sequences of what an operator can do (refund, deposit,
 * cancel, resend under the same key, resend another body under it, settle by hand after checking,
 * restart, act from a second runtime on the same data folder), through the dispatcher the screens
 * use, against a real sandbox behind a gateway that loses answers, answers 502 or 104 after the
 * service acted, or delays. The model knows only what the operator saw; after every command the
 * journal's unresolved intents must be the model's, and after every sequence the service's
 * records must match the journal: one record per operator intent, none settled as failed.
 */

const BANK_ACCOUNT = { beneficiary: 'Ana Souza', bank_code: 1, account_number: '12345-6' };

export interface Tally {
  sequences: number;
  commands: number;
  faults: number;
  refusals: number;
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
export interface Actor {
  call: Call;
  close(): Promise<void>;
}

export interface World {
  service: SandboxHandle;
  gateway: Gateway;
  /** Two processes on one data folder: the app and a CLI, say. */
  runtimes: [Actor, Actor];
  active: 0 | 1;
  reopen(index: 0 | 1): Promise<void>;
  tally: Tally;
  nextBulk: number;
  completedBulk: Array<{ id: number; invoice: string }>;
}

const isUnknown = (error: ConsoleError): boolean => error.kind === 'outcome_unknown';

const targetKey = (target: Target): string => `${target.action}:${target.label}`;

function unknownOn(model: Model, target: Target): SentRequest | undefined {
  return [...model.unknown.values()].find((sent) => targetKey(sent.target) === targetKey(target));
}

/** After every command: the journal's unresolved intents of this sequence are exactly the model's unknown keys. */
async function checkUnresolved(model: Model, world: World): Promise<AuditUnresolvedView[]> {
  const open = dataOf(await world.runtimes[world.active].call('auditUnresolved', {}));
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
  expect(result.error.blockingIntent?.idempotencyKey).toBe(blocking.key);
  expect(world.gateway.posts.length, 'nothing sent').toBe(postsBefore);
  world.tally.refusals += 1;
}

/** Records what the operator saw of a call that went out under `key`. */
function saw(model: Model, sent: SentRequest, result: Result<unknown>): void {
  if (result.ok) model.unknown.delete(sent.key);
  else if (isUnknown(result.error)) model.unknown.set(sent.key, sent);
  else model.unknown.delete(sent.key);
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
    const body = {
      deposit_id: deposit.id,
      invoice_id: deposit.invoice,
      amount: this.cents / 100,
      bank_account: BANK_ACCOUNT,
    };
    const blocking = unknownOn(model, target);
    const postsBefore = world.gateway.posts.length;
    const result = await world.runtimes[world.active].call('createRefund', {
      body,
      reason: `model ${model.sequence}`,
    });
    if (blocking) expectRefusedWhileUnknown(result, blocking, world, postsBefore);
    else {
      const key = result.ok ? result.data.idempotencyKey : result.error.idempotencyKey;
      if (key !== undefined && world.gateway.posts.length > postsBefore) {
        const sent = { target, body, key };
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
    const result = await world.runtimes[world.active].call('createDeposit', {
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
        const sent = { target, body, key };
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
    const result = await world.runtimes[world.active].call('cancelCashout', {
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

class ResendSameKey implements Command {
  constructor(
    readonly pick: number,
    readonly through: 'create' | 'journal',
  ) {}
  check = (model: Readonly<Model>): boolean => model.unknown.size > 0;
  async run(model: Model, world: World): Promise<void> {
    const open = [...model.unknown.values()];
    const sent = open[this.pick % open.length];
    if (!sent) return;
    const runtime = world.runtimes[world.active];
    let result: Result<unknown>;
    if (this.through === 'journal') {
      const views = dataOf(await runtime.call('auditUnresolved', {}));
      const view = views.find((candidate) => candidate.idempotencyKey === sent.key);
      expect(view, `the journal lists ${sent.key}`).toBeDefined();
      result = await runtime.call('auditRetry', { intentId: view?.intentId ?? '' });
    } else {
      const method = sent.target.action === 'refund.create' ? 'createRefund' : 'createDeposit';
      result = await runtime.call(method, { body: sent.body, reason: 'resend', idempotencyKey: sent.key });
    }
    saw(model, sent, result);
    if (result.ok && sent.target.action === 'deposit.create') {
      const data = result.data as { intentId?: string | null };
      if (typeof data.intentId === 'string') model.lastDeposit.set(sent.target.label, data.intentId);
      else await rememberDepositOf(model, world, sent);
    }
    await checkUnresolved(model, world);
  }
  toString = (): string => `resend(${this.pick}, ${this.through})`;
}

/** After a journal retry of a deposit, the intent that made it is the one the confirmation names. */
async function rememberDepositOf(model: Model, world: World, sent: SentRequest): Promise<void> {
  const entries = dataOf(
    await world.runtimes[world.active].call('auditEntries', { action: 'deposit.create' }),
  );
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
    const result = await world.runtimes[world.active].call('createRefund', {
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
    const runtime = world.runtimes[world.active];
    const views = dataOf(await runtime.call('auditUnresolved', {})).filter(
      (view) => view.idempotencyKey === sent.key,
    );
    for (const view of views) {
      dataOf(
        await runtime.call('auditSettle', {
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
  constructor(readonly index: 0 | 1) {}
  check = (): boolean => true;
  async run(model: Model, world: World): Promise<void> {
    await world.reopen(this.index);
    await checkUnresolved(model, world);
  }
  toString = (): string => `restart(${this.index})`;
}

class SwitchProcess implements Command {
  check = (): boolean => true;
  async run(model: Model, world: World): Promise<void> {
    world.active = world.active === 0 ? 1 : 0;
    await checkUnresolved(model, world);
  }
  toString = (): string => 'switch-process';
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

/** Faults and new intents weigh double: they make the unknown outcomes the rules are about. */
export const operatorCommands = [
  armFault,
  armFault,
  createRefund,
  createRefund,
  createDeposit,
  createDeposit,
  fc.integer({ min: 0, max: 1 }).map((cashout) => new CancelCashout(cashout)),
  fc
    .tuple(fc.nat(), fc.constantFrom('create' as const, 'journal' as const))
    .map(([pick, through]) => new ResendSameKey(pick, through)),
  fc.nat().map((pick) => new ResendOtherBody(pick)),
  fc.nat().map((pick) => new SettleByHand(pick)),
  fc.constantFrom(0 as const, 1 as const).map((index) => new Restart(index)),
  fc.constant(new SwitchProcess()),
];

/**
 * After a sequence: what the service made through the gateway against the journal. Each record
 * belongs to exactly one key, each key journaled, no key that made a record settled as failed,
 * and per target no more records than the operator's separate intents.
 */
export async function compareServiceWithJournal(model: Model, world: World): Promise<void> {
  world.gateway.disarm();
  const entries = dataOf(await world.runtimes[world.active].call('auditEntries', {}));
  const intentsByKey = new Map<string, Array<{ intentId: string; state: string | undefined }>>();
  for (const entry of entries) {
    if (entry.type !== 'intent' || !entry.idempotencyKey || !entry.intentId) continue;
    const list = intentsByKey.get(entry.idempotencyKey) ?? [];
    list.push({ intentId: entry.intentId, state: entry.state });
    intentsByKey.set(entry.idempotencyKey, list);
  }
  const recordsByKey = new Map<string, Set<number>>();
  for (const post of world.gateway.posts) {
    if (post.status !== 200 || !post.idempotencyKey || !model.sent.has(post.idempotencyKey)) continue;
    const answer = JSON.parse(post.answer) as { refund_id?: number; deposit_id?: number };
    const id = answer.refund_id ?? answer.deposit_id;
    if (id === undefined) continue;
    const ids = recordsByKey.get(post.idempotencyKey) ?? new Set<number>();
    ids.add(id);
    recordsByKey.set(post.idempotencyKey, ids);
  }
  for (const [key, records] of recordsByKey) {
    const intents = intentsByKey.get(key) ?? [];
    if (records.size > 1) world.tally.duplicates += 1;
    expect(records.size, `one record per key (${key})`).toBe(1);
    expect(intents.length, `the record of ${key} has its journaled intent`).toBeGreaterThan(0);
    for (const intent of intents) {
      expect(intent.state, `intent ${intent.intentId} made a record: never settled as failed`).not.toBe(
        'error',
      );
    }
  }
  // Each operator intent (a key) is one wish: no target got records from two keys while one was unknown,
  // which the refusals above prove; here, the counts per target agree with the keys that made them.
  const byTarget = new Map<string, number>();
  for (const key of recordsByKey.keys()) {
    const sent = model.sent.get(key);
    if (sent) byTarget.set(targetKey(sent.target), (byTarget.get(targetKey(sent.target)) ?? 0) + 1);
  }
  for (const [target, count] of byTarget) {
    const keys = [...model.sent.values()].filter((sent) => targetKey(sent.target) === target).length;
    expect(count, `records on ${target}`).toBeLessThanOrEqual(keys);
  }
  expect(dataOf(await world.runtimes[world.active].call('auditVerify', {})).ok, 'the chain verifies').toBe(
    true,
  );
}

/** A console runtime in a child process (test/support/runtime-process.ts), called over IPC. */
async function childActor(
  dataDir: string,
  credentials: Record<string, string>,
  options: object,
): Promise<Actor & { reopen(): Promise<void> }> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'runtime-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PAYDESK_CHILD_SETUP: JSON.stringify({ dataDir, credentials, options }) },
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
    close: async () => {
      if (child.connected) await send({ type: 'close' });
    },
  };
}

/** This process and a second one on one data folder, a production environment behind the gateway, armed in both. */
export async function openWorld(
  openConsole: (options?: object) => Console,
  sandbox: (options?: object) => Promise<SandboxHandle>,
  bulkDeposits: number,
  dataDir: string,
): Promise<World> {
  const service = await sandbox({ bulkDeposits });
  const gateway = await startGateway(service.baseUrl, { signer: service.credentials, delayMs: 30 });
  const options = { client: FAST_CLIENT, watch: { polling: false }, journalLock: { timeoutMs: 10_000 } };
  const first = openConsole(options);
  const profile = await addEnvironmentFor(
    first,
    { name: 'Production', kind: 'production', baseUrl: gateway.baseUrl },
    service.credentials,
  );
  dataOf(await first.call('useEnvironment', { id: profile.id }));
  dataOf(await first.call('armProduction', { confirmation: 'Production' }));
  const second = await childActor(dataDir, { ...service.credentials }, options);
  dataOf(await second.call('armProduction', { confirmation: 'Production' }));
  const world: World = {
    service,
    gateway,
    runtimes: [first, second],
    active: 0,
    tally: { sequences: 0, commands: 0, faults: 0, refusals: 0, duplicates: 0 },
    nextBulk: 400_000_001,
    completedBulk: [],
    reopen: async (index) => {
      if (index === 1) await second.reopen();
      else {
        await world.runtimes[0].close();
        world.runtimes[0] = openConsole(options);
      }
      dataOf(await world.runtimes[index].call('armProduction', { confirmation: 'Production' }));
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
    const read = await world.runtimes[0].call('getDeposit', { depositId: id });
    const record = dataOf(read).record;
    if (record.status === 'COMPLETED') found.push({ id, invoice: record.invoice_id ?? `INV-${id}` });
  }
  return found;
}

/** A fresh model and targets for one sequence. */
export async function newSequence(world: World, sequence: number): Promise<Model> {
  world.gateway.disarm();
  world.active = 0;
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
    { numRuns: runs, ...(seed !== undefined && { seed }), endOnFailure: true },
  );
  return world.tally;
}
