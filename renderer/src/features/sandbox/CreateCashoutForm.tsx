import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { DetailList, DetailRow } from '../../components/DetailList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FieldsRow } from '../../components/FieldsRow';
import { useFormat } from '../../components/format-context';
import { MoneyInput, useMoneyProblemText } from '../../components/MoneyInput';
import { parseMoneyInput, type MoneyInputProblem } from '../../lib/money-input';
import { EXTERNAL_ID_MAX_LENGTH } from '../../lib/jump-parser';
import { sayText } from '../../lib/validation-text';
import { links } from '../../shell/links';
import { screenForJump } from '../../shell/screens';
import { countryName, QUOTE_CURRENCIES, REFERENCE_COUNTRIES } from '../reference/reference-data';
import { TARGET_STATUSES } from './sandbox-options';
import { useSandboxCreateCashout, type CreateCashoutArg } from './use-sandbox';

interface CashoutValues {
  externalId: string;
  /** As typed, in the reader's language; '' for the sandbox's 100. */
  amount: string;
  /** '' lets the sandbox use the country's currency. */
  currency: string;
  country: string;
  status: string;
}

const FIELDS = ['externalId', 'amount', 'currency', 'country', 'status'] as const;
type CashoutField = (typeof FIELDS)[number];

/**
 * A cashout in the sandbox (the spec has no creation endpoint: the control API stands in for the
 * merchant panel). Blank fields take the sandbox's defaults: a generated external id, 100, the
 * country's currency, PENDING.
 */
export function CreateCashoutForm() {
  const { t } = useTranslation(['sandbox', 'common']);
  const { locale } = useFormat();
  const create = useSandboxCreateCashout();
  const [values, setValues] = useState<CashoutValues>({
    externalId: '',
    amount: '100',
    currency: '',
    country: 'BR',
    status: 'PENDING',
  });
  const [amountProblem, setAmountProblem] = useState<MoneyInputProblem | null>(null);
  const moneyProblemText = useMoneyProblemText();
  const refused = create.error?.error;
  const refusedField =
    refused?.kind === 'validation' && FIELDS.some((field) => field === refused.field)
      ? (refused.field as CashoutField)
      : null;
  const fieldError = (field: CashoutField) =>
    refusedField === field && refused ? sayText(t, locale, refused) : undefined;
  const change = (patch: Partial<CashoutValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const created = create.data && !create.isPending && !create.error ? create.data : null;
  const cashoutScreen = screenForJump('cashout') !== undefined;

  return (
    <form
      noValidate
      aria-label={t('sandbox:cashout.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        const read = parseMoneyInput(values.amount, locale);
        if (read !== null && !read.ok) {
          setAmountProblem(read.problem);
          return;
        }
        setAmountProblem(null);
        const amount = read?.value;
        const arg: CreateCashoutArg = {
          country: values.country,
          status: values.status,
          ...(values.externalId.trim() !== '' && { externalId: values.externalId.trim() }),
          ...(amount !== undefined && { amount }),
          ...(values.currency !== '' && { currency: values.currency }),
        };
        create.mutate(arg);
      }}
    >
      <Stack>
        <FieldsRow>
          <TextInput
            label={t('sandbox:cashout.externalId')}
            description={t('sandbox:cashout.externalIdHint', { max: EXTERNAL_ID_MAX_LENGTH })}
            value={values.externalId}
            maxLength={EXTERNAL_ID_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => change({ externalId: event.currentTarget.value })}
            error={fieldError('externalId')}
            data-testid="cashout-external-id"
          />
          <MoneyInput
            label={t('sandbox:cashout.amount')}
            value={values.amount}
            currency={
              values.currency ||
              REFERENCE_COUNTRIES.find((country) => country.code === values.country)?.currency
            }
            onChange={(amount) => {
              change({ amount });
              setAmountProblem(null);
            }}
            error={
              amountProblem === 'not_positive'
                ? t('sandbox:cashout.amountInvalid')
                : amountProblem !== null
                  ? moneyProblemText(amountProblem)
                  : fieldError('amount')
            }
            data-testid="cashout-amount"
          />
        </FieldsRow>
        <FieldsRow>
          <NativeSelect
            label={t('sandbox:cashout.country')}
            value={values.country}
            data={REFERENCE_COUNTRIES.map((country) => ({
              value: country.code,
              label: `${countryName(country.code, locale)} (${country.code})`,
            }))}
            onChange={(event) => change({ country: event.currentTarget.value })}
            error={fieldError('country')}
            data-testid="cashout-country"
          />
          <NativeSelect
            label={t('sandbox:cashout.currency')}
            value={values.currency}
            data={[
              { value: '', label: t('sandbox:cashout.currencyOfCountry') },
              ...QUOTE_CURRENCIES.map((code) => ({ value: code, label: code })),
            ]}
            onChange={(event) => change({ currency: event.currentTarget.value })}
            error={fieldError('currency')}
            data-testid="cashout-currency"
          />
          <NativeSelect
            label={t('sandbox:cashout.status')}
            value={values.status}
            data={TARGET_STATUSES.cashout.map((status) => ({
              value: status,
              label: `${t(`common:status.cashout.${status}` as 'common:status.cashout.PENDING')} (${status})`,
            }))}
            onChange={(event) => change({ status: event.currentTarget.value })}
            error={fieldError('status')}
            data-testid="cashout-status"
          />
        </FieldsRow>
        <Group>
          <Button type="submit" loading={create.isPending} data-testid="cashout-submit">
            {t('sandbox:cashout.submit')}
          </Button>
        </Group>
        {create.error && <ErrorNotice error={create.error} />}
        {created && (
          <Alert color="green" title={t('sandbox:cashout.doneTitle')} data-testid="cashout-created">
            <Stack gap="xs">
              <DetailList>
                <DetailRow
                  label={t('sandbox:cashout.cashoutId')}
                  field="cashout_id"
                  copyId={String(created.cashoutId)}
                >
                  <Group gap={4} wrap="nowrap">
                    <Text span size="sm" ff="monospace">
                      {created.cashoutId}
                    </Text>
                    <CopyButton value={String(created.cashoutId)} label={t('sandbox:cashout.cashoutId')} />
                  </Group>
                </DetailRow>
                <DetailRow
                  label={t('sandbox:cashout.externalId')}
                  field="external_id"
                  copyId={created.externalId}
                >
                  <Group gap={4} wrap="nowrap">
                    <Text span size="sm" ff="monospace">
                      {created.externalId}
                    </Text>
                    <CopyButton value={created.externalId} label={t('sandbox:cashout.externalId')} />
                  </Group>
                </DetailRow>
              </DetailList>
              {cashoutScreen ? (
                <Group gap="md">
                  <Anchor
                    component={Link}
                    to={links.cashoutById(created.cashoutId)}
                    size="sm"
                    c="inherit"
                    underline="always"
                    data-testid="cashout-open-by-id"
                  >
                    {t('sandbox:cashout.openById', { id: created.cashoutId })}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={links.cashoutByExternalId(created.externalId)}
                    size="sm"
                    c="inherit"
                    underline="always"
                    data-testid="cashout-open-by-external-id"
                  >
                    {t('sandbox:cashout.openByExternalId', { externalId: created.externalId })}
                  </Anchor>
                </Group>
              ) : (
                <Text size="sm">{t('sandbox:cashout.noScreen')}</Text>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
