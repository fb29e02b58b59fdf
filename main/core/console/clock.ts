import { z } from 'zod';
import type { ClockApi, Result } from '../../../shared/contract';
import { environmentId } from './arg-parts';
import type { ConsoleMethods } from './method';

export const CLOCK_HANDLERS: ConsoleMethods<keyof ClockApi> = {
  getClockStatus: {
    arg: z.strictObject({ environmentId: environmentId.optional() }),
    async handle(context, arg) {
      const id: Result<string> =
        arg.environmentId !== undefined
          ? { ok: true, data: arg.environmentId }
          : await context.activeEnvironmentId();
      if (!id.ok) return id;
      const connection = await context.connections.connect(id.data);
      return connection.ok ? { ok: true, data: connection.data.client.clock.status() } : connection;
    },
  },
};
