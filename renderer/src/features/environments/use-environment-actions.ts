import type {
  CredentialField,
  EnvironmentAddInput,
  EnvironmentUpdateInput,
} from '../../../../shared/contract';
import { useEnvironments } from '../../api/environment';
import { environmentQuery, useConsoleMutation } from '../../api/queries';

export const environmentQueries = {
  /** Which credential fields of `targetEnvironmentId` are set (masked hints, never values). */
  credentials: (environmentId: string | null, targetEnvironmentId: string) =>
    environmentQuery(environmentId, {
      key: (keys) => keys.credentials(targetEnvironmentId),
      call: (api) => api.getCredentialStatus({ environmentId: targetEnvironmentId }),
    }),
};

/**
 * The changes the Environments screen makes. Every one that can change the list reloads it
 * through EnvironmentProvider, which empties the query cache when the list changed.
 */
export function useEnvironmentActions() {
  const { reload, apply } = useEnvironments();
  const add = useConsoleMutation({
    call: (api, input: EnvironmentAddInput) => api.addEnvironment(input),
    onSuccess: () => void reload(),
  });
  const update = useConsoleMutation({
    call: (api, input: EnvironmentUpdateInput) => api.updateEnvironment(input),
    invalidates: (keys, data) => [keys.credentials(data.environment.id)],
    onSuccess: () => void reload(),
  });
  const remove = useConsoleMutation({
    // Production needs its name typed (main refuses the removal otherwise).
    call: (api, input: { id: string; typedName?: string }) => api.removeEnvironment(input),
    onSuccess: () => void reload(),
  });
  const use = useConsoleMutation({
    call: (api, id: string) => api.useEnvironment({ id }),
    onSuccess: (list) => apply(list),
  });
  return { add, update, remove, use };
}

export function useCredentialActions(environmentId: string) {
  const set = useConsoleMutation({
    call: (api, input: { field: CredentialField; value: string }) =>
      api.setCredential({ environmentId, field: input.field, value: input.value }),
    invalidates: (keys) => [keys.credentials(environmentId), keys.clock(environmentId)],
  });
  const clear = useConsoleMutation({
    call: (api, field: CredentialField) => api.clearCredential({ environmentId, field }),
    invalidates: (keys) => [keys.credentials(environmentId)],
  });
  return { set, clear };
}
