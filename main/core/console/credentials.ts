import { z } from 'zod';
import type { CredentialsApi } from '../../../shared/contract';
import { credentialFieldSchema } from '../settings';
import { environmentId } from './arg-parts';
import { runDoctor } from './doctor';
import type { ConsoleMethods } from './method';

export const CREDENTIAL_HANDLERS: ConsoleMethods<keyof CredentialsApi> = {
  getCredentialStatus: {
    arg: z.strictObject({ environmentId }),
    handle: (context, arg) => context.environments.credentialStatus(arg.environmentId),
  },

  setCredential: {
    arg: z.strictObject({
      environmentId,
      field: credentialFieldSchema,
      // The vault checks each field's own rules; this only bounds what crosses.
      value: z.string().min(1, 'must not be empty').max(4096, 'is too long'),
    }),
    handle: (context, arg) => context.environments.setCredential(arg.environmentId, arg.field, arg.value),
  },

  clearCredential: {
    arg: z.strictObject({ environmentId, field: credentialFieldSchema }),
    handle: (context, arg) => context.environments.clearCredential(arg.environmentId, arg.field),
  },

  runDoctor: {
    arg: z.strictObject({ environmentId }),
    async handle(context, arg) {
      const connection = await context.connections.connect(arg.environmentId);
      if (!connection.ok) return connection;
      return { ok: true, data: await runDoctor(connection.data, context.now) };
    },
  },
};
