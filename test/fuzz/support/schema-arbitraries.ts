import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue, PROTOTYPE_KEYS } from './hostile-values';

/**
 * fast-check arbitraries read off the dispatcher's own zod schemas (each method's `arg` in CONSOLE_HANDLERS), so that a new
 * contract entry is fuzzed with valid and near-valid arguments without anyone writing them:
 *   - validArbitrary(schema): arguments the schema accepts (objects with a random subset of their
 *     optional fields, strings drawn from each field's own pattern, numbers within its bounds);
 *   - mutate(valid): the same argument with ONE thing broken (a field replaced by a hostile value,
 *     a required field removed, an unknown or prototype key added), and the path it broke.
 * Only zod's public definition objects are read (`schema._zod.def`); where a schema cannot be
 * read (a custom check), the caller's sample is used instead.
 */

type Schema = z.ZodType;

/** The parts of zod v4's definition objects this walker reads. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  options?: readonly Schema[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  in?: Schema;
  out?: Schema;
  format?: string;
  pattern?: RegExp;
  checks?: ReadonlyArray<{ _zod: { def: CheckDef } }>;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** Values of the string formats whose patterns fast-check cannot draw from (look-arounds, alternatives). */
const FORMAT_SAMPLES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  url: fc.constantFrom(
    'https://merchant.example/return',
    'http://127.0.0.1:8080/ipn',
    'https://a.example/x?y=1',
  ),
  email: fc.constantFrom('payer@example.com', 'a.b+c@mail.example.org', 'x_1@sub.example.co'),
  uuid: fc.uuid({ version: 4 }),
  guid: fc.uuid({ version: 4 }),
  datetime: fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};

/**
 * `arbitrary` narrowed to what `schema` accepts, or undefined when too few of its values pass: a
 * check this walker cannot read (a refine, a union-wide rule) would otherwise make fast-check's
 * filter retry without end. The caller then leaves the field out or supplies samples.
 */
function acceptedOnly<T>(arbitrary: fc.Arbitrary<T>, schema: Schema): fc.Arbitrary<T> | undefined {
  const accepted = (value: T): boolean => schema.safeParse(value).success;
  const trial = fc.sample(arbitrary, { numRuns: 60, seed: 7 });
  if (trial.filter(accepted).length < 6) return undefined;
  return arbitrary.filter(accepted);
}

/** Strings a string schema accepts: drawn from its format or pattern, or any text within its length bounds. */
function stringArbitrary(schema: Schema, def: Def): fc.Arbitrary<string> | undefined {
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined = def.pattern;
  let format = def.format;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) min = max = check.length;
    if (check.check === 'string_format') {
      format = check.format ?? format;
      pattern = check.pattern ?? pattern;
    }
  }
  const sampled = format === undefined ? undefined : FORMAT_SAMPLES[format];
  if (sampled) return acceptedOnly(sampled, schema);
  if (pattern) {
    // stringMatching cannot honour the u flag's property escapes; such patterns are "anything
    // but…" and plain printable text satisfies them.
    const source = /\\p\{/.test(pattern.source) ? /^[ -~]*$/ : new RegExp(pattern.source);
    return acceptedOnly(
      fc.stringMatching(source).filter((value) => value.length >= min && value.length <= Math.max(max, min)),
      schema,
    );
  }
  const length = { minLength: min, maxLength: Math.max(min, max) };
  return acceptedOnly(fc.oneof(fc.string(length), fc.string({ unit: 'grapheme', ...length })), schema);
}

function numberArbitrary(schema: Schema, def: Def): fc.Arbitrary<number> | undefined {
  let integer = def.format !== undefined && /int/.test(def.format);
  let min = -1e6;
  let max = 1e6;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && check.format !== undefined && /int/.test(check.format))
      integer = true;
  }
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than')
      min = Math.max(min, Number(check.value) + (check.inclusive ? 0 : integer ? 1 : 0.01));
    if (check.check === 'less_than')
      max = Math.min(max, Number(check.value) - (check.inclusive ? 0 : integer ? 1 : 0.01));
  }
  const low = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  const bounds = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  // Small values are the realistic ones; bounds and their neighbours find the off-by-ones.
  const edges = fc.constantFrom(low, high, Math.ceil(low), Math.floor(high), 1, 2, 100, 12.34);
  return acceptedOnly(fc.oneof(bounds, edges), schema);
}

/**
 * An arbitrary of values `schema` accepts, or undefined when the schema holds something this
 * walker cannot read (then the caller supplies samples).
 */
export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, def);
    case 'number':
      return numberArbitrary(schema, def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType ? validArbitrary(def.innerType) : undefined;
    case 'pipe': {
      const input = def.in ? validArbitrary(def.in) : undefined;
      return input && acceptedOnly(input, schema);
    }
    case 'union': {
      const options = (def.options ?? []).map(validArbitrary);
      if (options.some((option) => option === undefined)) return undefined;
      return acceptedOnly(fc.oneof(...(options as Array<fc.Arbitrary<unknown>>)), schema);
    }
    case 'array': {
      const element = def.element ? validArbitrary(def.element) : undefined;
      if (!element) return undefined;
      let min = 0;
      let max = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length' && check.minimum !== undefined) min = check.minimum;
        if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
      }
      return acceptedOnly(fc.array(element, { minLength: min, maxLength: Math.max(min, max) }), schema);
    }
    case 'object': {
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const arbitrary = validArbitrary(field);
        const optional = field.safeParse(undefined).success;
        if (!arbitrary) {
          if (optional) continue; // left out: still a valid object
          return undefined;
        }
        fields[key] = arbitrary;
        if (!optional) required.push(key);
      }
      return acceptedOnly(fc.record(fields, { requiredKeys: required }), schema);
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations: one thing broken in a valid argument
// ---------------------------------------------------------------------------------------------

export type Path = ReadonlyArray<string | number>;

export interface Mutation {
  /** What was done, for the failure message. */
  how: 'replace' | 'remove' | 'add-key';
  /** Where: the replaced or removed field, or the new key's full path. */
  path: Path;
  value: unknown;
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** Every path of a JSON-like value: objects' keys and arrays' indexes, depth first. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push([...prefix, index], ...pathsOf(item, [...prefix, index]));
    });
  } else if (isPlainRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      paths.push([...prefix, key], ...pathsOf(item, [...prefix, key]));
    }
  }
  return paths;
}

/** Paths at which an object sits (where a key can be added), the root included. */
const objectPaths = (value: unknown): Path[] =>
  [[] as Path, ...pathsOf(value)].filter((path) => isPlainRecord(valueAt(value, path)));

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const part of path) current = (current as Record<string | number, unknown>)[part];
  return current;
}

/** A copy of a JSON-like value (the generated valid arguments are plain data). */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * Applies the mutation to a copy. Keys are set with defineProperty, so `__proto__` becomes an own
 * property, as JSON.parse and structured clone deliver it, instead of changing the prototype.
 */
export function applyMutation(valid: unknown, mutation: Mutation): unknown {
  if (mutation.path.length === 0) return mutation.value;
  const root = copy(valid);
  const parent = valueAt(root, mutation.path.slice(0, -1)) as Record<string | number, unknown>;
  const key = mutation.path[mutation.path.length - 1] as string | number;
  if (mutation.how === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else Reflect.deleteProperty(parent, key);
  } else {
    Object.defineProperty(parent, key, {
      value: mutation.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return root;
}

const unknownKey = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom('depositID', 'deposit_id', 'Body', 'amount ', 'extra', ''),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);

/** One thing broken in `valid`: the whole argument, one field's value, a field removed, a key added. */
export function mutationOf(valid: unknown): fc.Arbitrary<Mutation> {
  const fieldPaths = pathsOf(valid);
  const options: Array<fc.Arbitrary<Mutation>> = [
    hostileValue.map((value) => ({ how: 'replace' as const, path: [], value })),
    fc
      .tuple(fc.constantFrom(...objectPaths(valid)), unknownKey, hostileValue)
      .filter(([path, key]) => !Object.hasOwn(valueAt(valid, path) as object, key))
      .map(([path, key, value]) => ({ how: 'add-key' as const, path: [...path, key], value })),
  ];
  if (fieldPaths.length > 0) {
    const somePath = fc.constantFrom(...fieldPaths);
    options.push(
      fc.tuple(somePath, hostileValue).map(([path, value]) => ({ how: 'replace' as const, path, value })),
      fc.tuple(somePath, hostileValue).map(([path, value]) => ({ how: 'replace' as const, path, value })),
      somePath.map((path) => ({ how: 'remove' as const, path, value: undefined })),
    );
  }
  return fc.oneof(...options);
}

/** The dotted field name the dispatcher reports for a path (`body.payer.email`, `ids.3`). */
export const fieldName = (path: Path): string => (path.length === 0 ? 'arg' : path.map(String).join('.'));
