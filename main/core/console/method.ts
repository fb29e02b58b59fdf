import type { z } from 'zod';
import type { ChannelName, ConsoleApi } from '../../../shared/contract';
import type { ConsoleContext } from './context';

/**
 * One method of the console in main, declared once in its domain's file
 * (`main/core/console/<domain>.ts`): the schema its argument is parsed with where it enters main
 * (the dispatcher) side by side with the handler that runs it. The name, the argument's type and
 * the answer come from the contract's `*_METHODS` list (shared/contract), so a schema or a
 * handler that disagrees with it does not compile.
 */
export interface ConsoleMethod<Name extends ChannelName> {
  /** Strict objects (an unknown key is a likely mistake), finite numbers, bounded strings. */
  arg: z.ZodType<Parameters<ConsoleApi[Name]>[0]>;
  /**
   * For the few arguments that carry a whole paste, id list or ledger part: how much text may
   * reach the schema (which bounds it precisely); every other argument has the dispatcher's limit.
   */
  maxArgText?: number;
  /** Takes the parsed argument; answers a Result and never throws for an expected failure. */
  handle(context: ConsoleContext, arg: Parameters<ConsoleApi[Name]>[0]): ReturnType<ConsoleApi[Name]>;
}

export type ConsoleMethods<Names extends ChannelName = ChannelName> = {
  readonly [Name in Names]: ConsoleMethod<Name>;
};

/** The ConsoleApi of one runtime: each method's handler on that runtime's context. */
export function consoleApiOf(methods: ConsoleMethods, context: ConsoleContext): ConsoleApi {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (arg: unknown) => (method as ConsoleMethod<ChannelName>).handle(context, arg as never),
    ]),
  ) as unknown as ConsoleApi;
}
