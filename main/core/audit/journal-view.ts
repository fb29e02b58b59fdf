import type { ChainProblem, CheckedLine } from './chain';
import { damageKey } from './chain';
import type {
  DamageEntry,
  IntentEntry,
  JournalEntry,
  OutcomeEntry,
  ResolutionEntry,
  Suspect,
} from './entries';
import { GENESIS_HASH } from './entries';
import type { Operation } from './views';

/** A line that failed the chain's checks, as read. */
interface DamagedLine {
  line: number;
  lineSha256: string;
  problem: ChainProblem;
  text: string;
}

/** Where an intent known only from a damaged line's repair says it came from, when its account is unknown. */
const UNKNOWN_ENVIRONMENT = {
  id: 'unknown',
  name: 'unknown (damaged journal line)',
  kind: 'production',
} as const;

/**
 * What the rules see of the journal: every sound entry, the operations (an intent with its outcome
 * and resolution), and the lines that could not be trusted. Fed line by line by journal-file.ts.
 */
export class JournalView {
  entries: JournalEntry[] = [];
  operations = new Map<string, Operation>();
  private damaged: DamagedLine[] = [];
  private repaired = new Set<string>();
  /** Outcome and resolution lines whose intent is not (yet) known: a suspect listed later may claim them. */
  private orphans = new Map<string, { outcome?: OutcomeEntry; resolution?: ResolutionEntry }>();

  reset(): void {
    this.entries = [];
    this.operations = new Map();
    this.damaged = [];
    this.repaired = new Set();
    this.orphans = new Map();
  }

  take(checked: CheckedLine): void {
    if (checked.kind === 'damaged') {
      this.damaged.push({
        line: checked.problem.line,
        lineSha256: checked.lineSha256,
        problem: checked.problem,
        text: checked.text,
      });
      return;
    }
    this.remember(checked.entry);
  }

  /** Damaged lines no damage entry repaired yet, in file order. */
  openDamage(): DamagedLine[] {
    return this.damaged.filter((line) => !this.repaired.has(damageKey(line.line, line.lineSha256)));
  }

  private remember(entry: JournalEntry): void {
    this.entries.push(entry);
    switch (entry.type) {
      case 'intent':
        this.operations.set(entry.intentId, { intent: entry });
        break;
      case 'outcome':
      case 'resolution': {
        const operation = this.operations.get(entry.intentId);
        if (!operation) {
          const orphan = this.orphans.get(entry.intentId) ?? {};
          if (entry.type === 'outcome') orphan.outcome ??= entry;
          else orphan.resolution ??= entry;
          this.orphans.set(entry.intentId, orphan);
        } else if (entry.type === 'outcome') operation.outcome ??= entry;
        else operation.resolution ??= entry;
        break;
      }
      case 'damage':
        this.repaired.add(damageKey(entry.line, entry.lineSha256));
        for (const suspect of entry.suspects) this.addSuspect(suspect, entry);
        break;
      case 'repair':
      case 'gap':
        break;
    }
  }

  /** An intent whose own line is lost, as the repair listed it: unresolved until someone settles it. */
  private addSuspect(suspect: Suspect, damage: DamageEntry): void {
    if (this.operations.has(suspect.intentId)) return;
    const intent: IntentEntry = {
      type: 'intent',
      intentId: suspect.intentId,
      environment: suspect.environment ?? UNKNOWN_ENVIRONMENT,
      osUser: null,
      action: suspect.action,
      ids: suspect.ids,
      idempotencyKey: suspect.idempotencyKey,
      reason: null,
      summary: {},
      bodySha256: suspect.bodySha256 ?? GENESIS_HASH,
      v: 1,
      seq: damage.seq,
      prev: damage.prev,
      time: suspect.time,
      hash: damage.hash,
    };
    const orphan = this.orphans.get(suspect.intentId);
    this.orphans.delete(suspect.intentId);
    this.operations.set(suspect.intentId, {
      intent,
      ...(orphan?.outcome && { outcome: orphan.outcome }),
      ...(orphan?.resolution && { resolution: orphan.resolution }),
      fromDamage: { line: damage.line, seq: damage.seq },
      ...(suspect.environment === null && { anyAccount: true }),
    });
  }
}
