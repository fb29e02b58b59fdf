import type { Result } from './results';

/**
 * One method of the console as the page sees it, declared once in its domain's file: the name is
 * the key, `Arg` its one plain argument, `Data` what a successful Result carries. The value holds
 * nothing at run time; the keys are the list the bridges are built from.
 */
export interface MethodSpec<Arg, Data> {
  readonly types?: (arg: Arg) => Data;
}

export const method = <Arg, Data>(): MethodSpec<Arg, Data> => ({});

/** The callable form of a domain's methods: each takes its argument and answers a Result. */
export type ApiOf<Specs> = {
  [K in keyof Specs]: Specs[K] extends MethodSpec<infer Arg, infer Data>
    ? (arg: Arg) => Promise<Result<Data>>
    : never;
};

/** A method's channel: derived from its name, the same for IPC, the web bridge and the logs. */
export const channelOf = <Name extends string>(name: Name): `paydesk:${Name}` => `paydesk:${name}`;

/** A declared method's argument and its answer's data, for callers generic over a domain's methods. */
export type ArgOf<Spec> = Spec extends MethodSpec<infer Arg, unknown> ? Arg : never;
export type DataOf<Spec> = Spec extends MethodSpec<never, infer Data> ? Data : never;
