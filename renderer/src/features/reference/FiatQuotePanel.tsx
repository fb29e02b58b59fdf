import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fetched, FiatQuote } from '../../../../shared/contract';
import { QUOTE_STALE_MS, useReference, type ReferenceArg } from '../../api/reference';
import { DetailList, DetailRow } from '../../components/DetailList';
import { useFormat } from '../../components/format-context';
import { MoneyInput, useAmountField } from '../../components/MoneyInput';
import { Money } from '../../components/Money';
import { QueryState } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { countryName } from './reference-data';
import { RawAnswer } from './RawAnswer';

/** A quote the user submitted: every field given, so the answer is shown beside what was asked. */
type FiatQuoteRequest = Required<ReferenceArg<'getFiatQuote'>>;

/**
 * The fiat quote calculator (D15): an amount in US dollars (default 1) → the rate, the amount in
 * the country's currency and the fee, each with its currency. The country is the screen's.
 */
export function FiatQuotePanel({ country }: { country: string }) {
  const { t } = useTranslation('reference');
  const format = useFormat();
  const amount = useAmountField('1', t('fiat.amountInvalid'));
  const [request, setRequest] = useState<FiatQuoteRequest | null>(null);
  const query = useReference('getFiatQuote', request, { staleTime: QUOTE_STALE_MS });

  return (
    <Stack>
      <Paper withBorder p="md" maw={640}>
        <form
          noValidate
          aria-label={t('fiat.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            amount.markSent();
            if (!amount.read.ok) return;
            const value = amount.read.value;
            // The same question again asks the service again: a quote is a price of the moment.
            if (request !== null && request.country === country && request.amount === value) {
              void query.refetch();
            } else setRequest({ country, amount: value });
          }}
        >
          <Stack>
            <Text size="sm">{t('fiat.intro')}</Text>
            <Group align="flex-end">
              <MoneyInput
                label={t('fiat.amount')}
                description={t('fiat.amountHint')}
                value={amount.text}
                onChange={amount.setText}
                currency={'USD'}
                error={amount.error}
                data-testid="fiat-amount"
              />
              <Button type="submit" loading={query.isFetching} data-testid="fiat-submit">
                {t('fiat.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {request !== null && (
        <QueryState query={query} label={t('fiat.loading')}>
          {(fetched) => (
            <FiatQuoteResult
              fetched={fetched}
              request={request}
              countryLabel={countryName(request.country, format.locale)}
              updatedAt={query.dataUpdatedAt}
            />
          )}
        </QueryState>
      )}
    </Stack>
  );
}

function FiatQuoteResult({
  fetched,
  request,
  countryLabel,
  updatedAt,
}: {
  fetched: Fetched<FiatQuote>;
  request: FiatQuoteRequest;
  countryLabel: string;
  updatedAt: number;
}) {
  const { t } = useTranslation('reference');
  const format = useFormat();
  const quote = fetched.record;
  return (
    <Paper
      withBorder
      p="md"
      maw={640}
      component="section"
      aria-label={t('fiat.result')}
      data-testid="fiat-quote"
      data-country={request.country}
    >
      <Stack gap="sm">
        <Title order={4} size="h5">
          {t('fiat.resultHeading', {
            amount: format.money(request.amount, 'USD', { exact: true }),
            currency: `${quote.currency} (${countryLabel})`,
          })}
        </Title>
        <DetailList>
          <DetailRow label={t('fiat.fxRate', { currency: quote.currency })} field="fx_rate">
            <Value value={quote.fx_rate} />
          </DetailRow>
          <DetailRow label={t('fiat.convertedAmount')} field="converted_amount">
            <Money amount={quote.converted_amount} currency={quote.currency} />
          </DetailRow>
          <DetailRow label={t('fiat.fee')} field="fee">
            <Money amount={quote.fee} currency={quote.currency} />
          </DetailRow>
        </DetailList>
        <Text size="xs" c="dimmed">
          {t('fiat.asOf', { time: format.dateTime(updatedAt) })}
        </Text>
        <RawAnswer fetched={fetched} />
      </Stack>
    </Paper>
  );
}
