import { Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { useFormat } from '../../components/format-context';
import { moneyInputExample } from '../../lib/money-input';
import { countryName } from '../reference/reference-data';
import { CountryPicker } from './CountryPicker';
import { QUICK_PAY_COUNTRIES, QUICK_PAY_METHODS, isQuickPayCountry } from './deposit-form';
import type { DepositFormProps } from './deposit-form-props';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { useDepositInputs } from './use-deposit-inputs';

/** The amount, where and how it is paid (QuickPay fixes the method by country). */
export function DepositAmountSection(props: DepositFormProps) {
  const { values, errors, required, onText } = props;
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const { input, money } = useDepositInputs(props);
  const country = values.text.country.trim();
  const quickPay = values.mode === 'quick_pay';
  return (
    <Section title={t('section.amount')} testId="amount">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {money('amount', t('hint.amount', { example: moneyInputExample(format.locale, 100.5) }))}
        {quickPay ? (
          <Select
            label={t('field.country')}
            required
            value={isQuickPayCountry(country) ? country : null}
            onChange={(value) => onText('country', value ?? '')}
            data={QUICK_PAY_COUNTRIES.map((code) => ({
              value: code,
              label: t('quickPay.countryOption', {
                country: countryName(code, format.locale),
                code,
                method: QUICK_PAY_METHODS[code],
              }),
            }))}
            allowDeselect={false}
            error={errors.country}
            data-field-input="country"
          />
        ) : (
          <CountryPicker
            value={values.text.country}
            onChange={(code) => onText('country', code)}
            error={errors.country}
          />
        )}
        {input('currency', {
          description: t('hint.currency'),
          maxLength: 3,
          onChange: (event) => onText('currency', event.currentTarget.value.toUpperCase()),
        })}
        {input('invoice_id', { description: t('hint.invoice_id') })}
        {quickPay ? (
          <div>
            <Text size="sm" fw={500}>
              {t('field.payment_method')}
            </Text>
            <Text size="sm" data-testid="quick-pay-method">
              {isQuickPayCountry(country) ? QUICK_PAY_METHODS[country] : '—'}
            </Text>
          </div>
        ) : (
          <PaymentMethodPicker
            country={country}
            value={values.text.payment_method}
            onChange={(code) => onText('payment_method', code)}
            error={errors.payment_method}
            required={required.has('payment_method')}
          />
        )}
        {input('description')}
      </SimpleGrid>
    </Section>
  );
}
