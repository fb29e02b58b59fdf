import { NativeSelect, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../components/format-context';
import { BanksPanel } from './BanksPanel';
import { CryptoQuotePanel } from './CryptoQuotePanel';
import { FiatQuotePanel } from './FiatQuotePanel';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';
import { StatesPanel } from './StatesPanel';
import {
  countryName,
  DEFAULT_COUNTRY,
  isReferenceCountry,
  REFERENCE_COUNTRIES,
  type ReferenceCountry,
} from './reference-data';

const TABS = ['methods', 'banks', 'states', 'crypto'] as const;
type ReferenceTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ReferenceTab => TABS.some((tab) => tab === value);

/**
 * /reference?tab=methods|banks|states|crypto&country=BR: payment methods, banks and states per
 * country, and the fiat and crypto quote calculators side by side (tab `crypto`, kept for links
 * made before the fiat quote). The tab and the country live in the address, so a view can be linked.
 */
export default function ReferenceScreen() {
  const { t } = useTranslation('reference');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const countryParam = params.get('country');
  const tab: ReferenceTab = isTab(tabParam) ? tabParam : 'methods';
  const country: ReferenceCountry = isReferenceCountry(countryParam) ? countryParam : DEFAULT_COUNTRY;

  const show = (next: { tab?: ReferenceTab; country?: ReferenceCountry }) =>
    setParams({ tab: next.tab ?? tab, country: next.country ?? country }, { replace: true });

  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) show({ tab: value });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="methods" data-testid="tab-methods">
            {t('tabs.methods')}
          </Tabs.Tab>
          <Tabs.Tab value="banks" data-testid="tab-banks">
            {t('tabs.banks')}
          </Tabs.Tab>
          <Tabs.Tab value="states" data-testid="tab-states">
            {t('tabs.states')}
          </Tabs.Tab>
          <Tabs.Tab value="crypto" data-testid="tab-crypto">
            {t('tabs.crypto')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="methods" pt="md">
          <Stack>
            <CountryPicker value={country} onChange={(next) => show({ country: next })} />
            <PaymentMethodsPanel country={country} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="banks" pt="md">
          <Stack>
            <CountryPicker value={country} onChange={(next) => show({ country: next })} />
            {/* Keyed by country: the search text belongs to one country's list. */}
            <BanksPanel key={country} country={country} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="states" pt="md">
          <Stack>
            <CountryPicker value={country} onChange={(next) => show({ country: next })} />
            {/* Keyed by country: the search text belongs to one country's list. */}
            <StatesPanel key={country} country={country} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="crypto" pt="md">
          <Stack>
            <CountryPicker value={country} onChange={(next) => show({ country: next })} />
            <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
              <Stack gap="sm" data-testid="fiat-quote-panel">
                <Title order={3}>{t('fiat.heading')}</Title>
                <FiatQuotePanel key={country} country={country} />
              </Stack>
              <Stack gap="sm" data-testid="crypto-quote-panel">
                <Title order={3}>{t('crypto.heading')}</Title>
                {/* Keyed by country: its local currency is the default of the currency picker. */}
                <CryptoQuotePanel key={country} country={country} />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CountryPicker({
  value,
  onChange,
}: {
  value: ReferenceCountry;
  onChange: (country: ReferenceCountry) => void;
}) {
  const { t } = useTranslation('reference');
  const { locale } = useFormat();
  return (
    <NativeSelect
      label={t('country')}
      value={value}
      maw={320}
      data={REFERENCE_COUNTRIES.map((country) => ({
        value: country.code,
        label: `${countryName(country.code, locale)} (${country.code})`,
      }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isReferenceCountry(next)) onChange(next);
      }}
      data-testid="country-picker"
    />
  );
}
