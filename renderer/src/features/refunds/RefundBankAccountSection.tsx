import { Autocomplete, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { BankPicker } from './BankPicker';
import type { RefundFormState } from './use-refund-form';

/** Account types met in the spec's samples (`SAVING`); others can be typed. */
const ACCOUNT_TYPES = ['CHECKING', 'SAVING'];

/** The account the refund is paid to: required unless the deposit was paid by card. */
export function RefundBankAccountSection({ refund }: { refund: RefundFormState }) {
  const { t, deposit, values, set, errorOf, bankAccountRequired } = refund;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('section.bankAccount')}
      data-section="bank-account"
    >
      <Title order={3} size="h5" mb="sm">
        {t('section.bankAccount')}
      </Title>
      <Text size="sm" mb="sm" data-testid="bank-account-rule" data-required={bankAccountRequired}>
        {bankAccountRequired ? t('create.bankAccountRequired') : t('create.bankAccountOptional')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('field.beneficiary')}
          required={bankAccountRequired}
          value={values.beneficiary}
          onChange={(event) => set('beneficiary')(event.currentTarget.value)}
          error={errorOf('beneficiary')}
          autoComplete="off"
        />
        <BankPicker
          country={deposit.country ?? null}
          value={values.bankCode}
          onChange={set('bankCode')}
          required={bankAccountRequired}
          error={errorOf('bankCode')}
        />
        <TextInput
          label={t('field.branch')}
          value={values.branch}
          onChange={(event) => set('branch')(event.currentTarget.value)}
          error={errorOf('branch')}
          autoComplete="off"
        />
        <TextInput
          label={t('field.account_number')}
          required={bankAccountRequired}
          value={values.accountNumber}
          onChange={(event) => set('accountNumber')(event.currentTarget.value)}
          error={errorOf('accountNumber')}
          autoComplete="off"
        />
        <Autocomplete
          label={t('field.account_type')}
          value={values.accountType}
          onChange={set('accountType')}
          data={ACCOUNT_TYPES}
          error={errorOf('accountType')}
          autoComplete="off"
        />
      </SimpleGrid>
    </Paper>
  );
}
