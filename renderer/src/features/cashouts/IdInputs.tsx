import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { problemsByInput } from './cashout-ref';

/** A cashout's two ids side by side, as the lookup and the cancel both ask for them. */
export function IdInputs({
  cashoutId,
  externalId,
  onCashoutId,
  onExternalId,
  errors,
  required,
  testIdPrefix,
  autoFocus,
  externalIdNote,
}: {
  cashoutId: string;
  externalId: string;
  onCashoutId: (value: string) => void;
  onExternalId: (value: string) => void;
  errors: { cashoutId?: string; externalId?: string };
  required: boolean;
  testIdPrefix: string;
  autoFocus?: boolean;
  /** Said under the external id instead of its hint (where a filled-in value came from). */
  externalIdNote?: string | undefined;
}) {
  const { t } = useTranslation('cashouts');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('field.cashout_id')}
        description={t('ids.cashoutIdHint')}
        value={cashoutId}
        inputMode="numeric"
        required={required}
        autoComplete="off"
        autoFocus={autoFocus}
        onChange={(event) => onCashoutId(event.currentTarget.value)}
        error={errors.cashoutId}
        data-testid={`${testIdPrefix}-cashout-id`}
      />
      <TextInput
        label={t('field.external_id')}
        description={externalIdNote ?? t('ids.externalIdHint')}
        value={externalId}
        required={required}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onExternalId(event.currentTarget.value)}
        error={errors.externalId}
        data-testid={`${testIdPrefix}-external-id`}
      />
    </SimpleGrid>
  );
}

/** The words for the problems of typed ids, by input. */
export function useProblemTexts() {
  const { t } = useTranslation('cashouts');
  return (problems: ReturnType<typeof problemsByInput>) => ({
    ...(problems.cashoutId && { cashoutId: t(`ids.${problems.cashoutId}`) }),
    ...(problems.externalId && { externalId: t(`ids.${problems.externalId}`) }),
  });
}
