import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CRYPTO_CURRENCIES, type CryptoQuote, type Fetched } from '../../../../shared/contract';
import { DetailList, DetailRow } from '../../components/DetailList';
import { useFormat } from '../../components/format-context';
import { MoneyInput, useAmountField } from '../../components/MoneyInput';
import { Money } from '../../components/Money';
import { QueryState } from '../../components/QueryState';
import { Value } from '../../components/Value';
import { QUOTE_CURRENCIES, REFERENCE_COUNTRIES } from './reference-data';
import { RawAnswer } from './RawAnswer';
import { QUOTE_STALE_MS, useReference, type ReferenceArg } from '../../api/reference';

/** A quote the user submitted: every field given, so the answer is shown beside what was asked. */
type CryptoQuoteRequest = Required<ReferenceArg<'getCryptoQuote'>>;

const DEFAULT_CRYPTO = 'USDT';

/**
 * The crypto quote calculator (spec endpoint 2): an amount in USD or a local currency (default 1)
 * → the rate, the amount in the chosen cryptocurrency and the conversion fee.
 */
export function CryptoQuotePanel({ country }: { country: string }) {
  const { t } = useTranslation('reference');
  const localCurrency = REFERENCE_COUNTRIES.find((entry) => entry.code === country)?.currency ?? 'USD';
  const [currency, setCurrency] = useState<string>(localCurrency);
  const amount = useAmountField('1', t('crypto.amountInvalid'));
  const [crypto, setCrypto] = useState<string>(DEFAULT_CRYPTO);
  const [request, setRequest] = useState<CryptoQuoteRequest | null>(null);
  const query = useReference('getCryptoQuote', request, { staleTime: QUOTE_STALE_MS });

  return (
    <Stack>
      <Paper withBorder p="md" maw={640}>
        <form
          noValidate
          aria-label={t('crypto.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            amount.markSent();
            if (!amount.read.ok) return;
            const value = amount.read.value;
            const next = { currency, amount: value, crypto };
            const same =
              request !== null &&
              request.currency === next.currency &&
              request.amount === next.amount &&
              request.crypto === next.crypto;
            // The same question again asks the service again: a quote is a price of the moment.
            if (same) void query.refetch();
            else setRequest(next);
          }}
        >
          <Stack>
            <Group grow align="flex-start">
              <MoneyInput
                label={t('crypto.amount')}
                description={t('crypto.amountHint')}
                value={amount.text}
                onChange={amount.setText}
                currency={currency}
                error={amount.error}
                data-testid="quote-amount"
              />
              <NativeSelect
                label={t('crypto.currency')}
                value={currency}
                data={[...QUOTE_CURRENCIES]}
                onChange={(event) => setCurrency(event.currentTarget.value)}
                data-testid="quote-currency"
              />
              <NativeSelect
                label={t('crypto.crypto')}
                value={crypto}
                data={[...CRYPTO_CURRENCIES]}
                onChange={(event) => setCrypto(event.currentTarget.value)}
                data-testid="quote-crypto"
              />
            </Group>
            <Group>
              <Button type="submit" loading={query.isFetching} data-testid="quote-submit">
                {t('crypto.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {request !== null && (
        <QueryState query={query} label={t('crypto.loading')}>
          {(fetched) => <QuoteResult fetched={fetched} request={request} updatedAt={query.dataUpdatedAt} />}
        </QueryState>
      )}
    </Stack>
  );
}

function QuoteResult({
  fetched,
  request,
  updatedAt,
}: {
  fetched: Fetched<CryptoQuote>;
  request: CryptoQuoteRequest;
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
      aria-label={t('crypto.result')}
      data-testid="quote"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('crypto.resultHeading', {
            amount: format.money(request.amount, request.currency, { exact: true }),
            crypto: request.crypto,
          })}
        </Title>
        <DetailList>
          <DetailRow
            label={t('crypto.fxRate', { currency: request.currency, crypto: request.crypto })}
            field="fx_rate"
          >
            <Value value={quote.fx_rate} />
          </DetailRow>
          <DetailRow label={t('crypto.convertedAmount')} field="converted_amount">
            <Money amount={quote.converted_amount} currency={request.crypto} />
          </DetailRow>
          <DetailRow label={t('crypto.fee')} field="fee">
            {/* Taken from the converted amount, so it is in the cryptocurrency (the sandbox: 1 %). */}
            <Money amount={quote.fee} currency={request.crypto} />
          </DetailRow>
        </DetailList>
        <Text size="xs" c="dimmed">
          {t('crypto.asOf', { time: format.dateTime(updatedAt) })}
        </Text>
        <RawAnswer fetched={fetched} />
      </Stack>
    </Paper>
  );
}
