import {
  Accordion,
  Autocomplete,
  type ComboboxItem,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CRYPTO_CURRENCIES,
  CRYPTO_NETWORKS,
  type DepositCheck,
  type ReportedInfoInput,
} from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useFormat } from '../../components/format-context';
import { MoneyInput } from '../../components/MoneyInput';
import { moneyInputExample } from '../../lib/money-input';
import { sayText } from '../../lib/validation-text';
import { usePaymentMethods, useStates } from '../../api/reference';
import {
  countryName,
  filterStates,
  foldForSearch,
  isMethodAvailable,
  REFERENCE_COUNTRIES,
  stateLabel,
} from '../reference/reference-data';
import {
  DEPOSIT_MODES,
  QUICK_PAY_COUNTRIES,
  QUICK_PAY_METHODS,
  depositCurrency,
  isQuickPayCountry,
  type DepositFormValues,
  type DepositMode,
  type FlagField,
  type FormSection,
  type MoneyField,
  type TextField,
} from './deposit-form';
import { Section } from '../../components/Section';

/** Account types of Caixa (spec: reported_info, method CA), the one rule given as a list of values. */
const CAIXA_ACCOUNT_TYPES = ['001', '002', '003', '006', '013', '022', '023', '028'] as const;
const LANGUAGE_CODES = ['pt', 'es', 'en'];

export interface DepositFormProps {
  values: DepositFormValues;
  /** Problems to show now, by input. */
  errors: Partial<Record<TextField, string>>;
  required: ReadonlySet<TextField>;
  /** main's latest verdict (of a body at most a moment old). */
  check: DepositCheck | null;
  sections: FormSection[];
  onSections: (sections: FormSection[]) => void;
  onText: (field: TextField, value: string) => void;
  onFlag: (flag: FlagField, value: boolean) => void;
  onMode: (mode: DepositMode) => void;
  onCrypto: (on: boolean) => void;
}

/** The create-deposit form's inputs (the screen owns the values, the checks and the submit). */
export function DepositForm(props: DepositFormProps) {
  const { values, errors, required, check, sections, onSections, onText, onFlag, onMode, onCrypto } = props;
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const country = values.text.country.trim();
  const quickPay = values.mode === 'quick_pay';

  const input = (field: TextField, extra: Partial<TextInputProps> = {}) => (
    <TextInput
      key={field}
      label={t(`field.${field}`)}
      value={values.text[field]}
      onChange={(event) => onText(field, event.currentTarget.value)}
      error={errors[field]}
      required={required.has(field)}
      autoComplete="off"
      spellCheck={false}
      data-field-input={field}
      {...extra}
    />
  );

  const currency = depositCurrency(values);
  const money = (field: MoneyField, description?: string) => (
    <MoneyInput
      key={field}
      label={t(`field.${field}`)}
      description={description}
      currency={field === 'bonus_amount' && values.flags.bonus_relative ? null : currency}
      value={values.text[field]}
      onChange={(text) => onText(field, text)}
      error={errors[field]}
      required={required.has(field)}
      data-field-input={field}
    />
  );

  return (
    <Stack>
      <Section title={t('section.mode')} testId="mode">
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('mode.label')}
            value={values.mode}
            onChange={(mode) => onMode(mode as DepositMode)}
            data={DEPOSIT_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}.label`) }))}
            data-testid="deposit-mode"
          />
          <Text size="sm" c="dimmed">
            {t(`mode.${values.mode}.explain`)}
          </Text>
        </Stack>
      </Section>

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

      {quickPay ? (
        country === 'MX' && (
          <Section title={t('section.payer')} testId="payer">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('quickPay.payerIdOnly')}
              </Text>
              {input('payer.id', { maxLength: 128, description: t('quickPay.payerIdHint') })}
            </Stack>
          </Section>
        )
      ) : (
        <Section title={t('section.payer')} testId="payer">
          <Stack>
            <Text size="sm" c="dimmed">
              {values.mode === 'one_shot' ? t('payer.oneShot') : t('payer.hosted')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('payer.first_name', { maxLength: 128 })}
              {input('payer.last_name', { maxLength: 128 })}
              {input('payer.document_type', { maxLength: 10, description: t('hint.payer.document_type') })}
              {input('payer.document', { maxLength: 30 })}
              {input('payer.email', { type: 'email', maxLength: 255 })}
              {input('payer.id', { maxLength: 128, description: t('hint.payer.id') })}
            </SimpleGrid>
            <Accordion
              multiple
              variant="contained"
              value={sections}
              onChange={(open) => onSections(open as FormSection[])}
            >
              <Accordion.Item value="payerMore">
                <Accordion.Control>{t('section.payerMore')}</Accordion.Control>
                <Accordion.Panel>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {input('payer.phone', { type: 'tel', maxLength: 32 })}
                    {input('payer.birth_date', { description: t('hint.compactDate'), maxLength: 8 })}
                    {input('payer.registration_date', { description: t('hint.compactDate'), maxLength: 8 })}
                    {input('payer.address.street', { maxLength: 255 })}
                    {input('payer.address.city', { maxLength: 128 })}
                    <StatePicker
                      country={country}
                      value={values.text['payer.address.state']}
                      onChange={(code) => onText('payer.address.state', code)}
                      error={errors['payer.address.state']}
                      required={required.has('payer.address.state')}
                    />
                    {input('payer.address.zip_code', { maxLength: 16 })}
                  </SimpleGrid>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
        </Section>
      )}

      {!quickPay && (check?.reportedInfoRules.length ?? 0) > 0 && (
        <Section title={t('section.reportedInfo')} testId="reported-info">
          <Stack>
            <Text size="sm" c="dimmed">
              {values.mode === 'one_shot' ? t('reportedInfo.oneShot') : t('reportedInfo.hosted')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {check?.reportedInfoRules.map((rule) => (
                <ReportedInfoInputField
                  key={rule.field}
                  field={rule.field}
                  mask={
                    rule.mask === null
                      ? null
                      : sayText(t, format.locale, { message: rule.mask, text: rule.maskText })
                  }
                  value={values.text[`reported_info.${rule.field}`]}
                  error={errors[`reported_info.${rule.field}`]}
                  required={required.has(`reported_info.${rule.field}`)}
                  onChange={(value) => onText(`reported_info.${rule.field}`, value)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Section>
      )}

      <Section title={t('section.crypto')} testId="crypto">
        <Stack>
          <Checkbox
            label={t('crypto.enable')}
            description={t('crypto.explain')}
            checked={values.crypto}
            onChange={(event) => onCrypto(event.currentTarget.checked)}
            data-testid="crypto-enable"
          />
          {values.crypto && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('field.crypto.currency')}
                required
                value={values.text['crypto.currency'] || null}
                onChange={(value) => onText('crypto.currency', value ?? '')}
                data={[...CRYPTO_CURRENCIES]}
                error={errors['crypto.currency']}
                data-field-input="crypto.currency"
              />
              <Select
                label={t('field.crypto.network')}
                required
                value={values.text['crypto.network'] || null}
                onChange={(value) => onText('crypto.network', value ?? '')}
                data={[...CRYPTO_NETWORKS]}
                error={errors['crypto.network']}
                data-field-input="crypto.network"
              />
              {input('crypto.wallet', {
                maxLength: 128,
                // The chosen network's address form, as main describes it.
                description: check?.walletFormat
                  ? t('crypto.walletFormat', {
                      network: values.text['crypto.network'],
                      format: sayText(t, format.locale, {
                        message: check.walletFormat.describe,
                        text: check.walletFormat.text,
                      }),
                    })
                  : undefined,
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Section>

      <Accordion
        multiple
        variant="contained"
        value={sections}
        onChange={(open) => onSections(open as FormSection[])}
      >
        <Accordion.Item value="options">
          <Accordion.Control>{t('section.options')}</Accordion.Control>
          <Accordion.Panel>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {input('notification_url', { type: 'url' })}
                {input('success_url', { type: 'url' })}
                {input('error_url', { type: 'url' })}
                {input('back_url', { type: 'url' })}
                {input('logo', { type: 'url' })}
                <Autocomplete
                  label={t('field.language')}
                  value={values.text.language}
                  onChange={(value) => onText('language', value)}
                  data={LANGUAGE_CODES}
                  error={errors.language}
                  autoComplete="off"
                  data-field-input="language"
                />
                {input('client_ip')}
                {input('device_id')}
                {money('bonus_amount')}
                {money('strikethrough_price')}
              </SimpleGrid>
              <Group gap="lg">
                {(
                  [
                    'bonus_relative',
                    'early_release',
                    'fee_on_payer',
                    'surcharge_on_payer',
                    'mobile',
                    'test',
                  ] as const
                ).map((flag) => (
                  <Checkbox
                    key={flag}
                    label={t(`flag.${flag}`)}
                    checked={values.flags[flag]}
                    onChange={(event) => onFlag(flag, event.currentTarget.checked)}
                  />
                ))}
              </Group>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/**
 * The deposit's country: the countries the service serves, by name and code, searchable in either
 * (accents and case ignored). A code typed whole ("BR") picks its country; text that names none
 * ("CHL") is kept in the error on this field, never cut to a code it did not mean ("CH").
 */
function CountryPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const data: ComboboxItem[] = REFERENCE_COUNTRIES.map(({ code }) => ({
    value: code,
    label: t('country.option', { name: countryName(code, format.locale), code }),
  }));
  // A draft's code the service does not serve stays shown (the screen marks it).
  if (value !== '' && !data.some((option) => option.value === value)) data.unshift({ value, label: value });
  const codeOf = (typed: string): string | undefined =>
    data.find((option) => option.value === typed || option.label === typed)?.value;
  return (
    <Select
      label={t('field.country')}
      description={t('hint.country')}
      placeholder={t('country.placeholder')}
      required
      value={value === '' ? null : value}
      data={data}
      searchable
      nothingFoundMessage={t('country.nothingFound')}
      filter={({ options, search }) => {
        const words = foldForSearch(search).split(/\s+/).filter(Boolean);
        return options.filter(
          (option) =>
            'value' in option &&
            (option.value.toLowerCase().startsWith(search.trim().toLowerCase()) ||
              words.every((word) => foldForSearch(option.label).includes(word))),
        );
      }}
      onChange={(code) => {
        setUnmatched(null);
        onChange(code ?? '');
      }}
      onSearchChange={(search) => {
        // Two capitals are a code typed whole: the country it names is chosen.
        if (/^[A-Z]{2}$/.test(search) && search !== value && codeOf(search) !== undefined) {
          setUnmatched(null);
          onChange(search);
        }
      }}
      onBlur={(event) => {
        const typed = event.currentTarget.value.trim();
        if (typed === '' || codeOf(typed) !== undefined) return;
        setUnmatched(typed);
        onChange('');
      }}
      error={unmatched !== null ? t('country.unserved', { code: unmatched }) : error}
      allowDeselect={false}
      autoComplete="off"
      data-field-input="country"
    />
  );
}

function PaymentMethodPicker({
  country,
  value,
  onChange,
  error,
  required,
}: {
  country: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  required: boolean;
}) {
  const { t } = useTranslation('depositCreate');
  const methods = usePaymentMethods(country);
  if (methods.isError) {
    // The list is a help, not a condition: the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.payment_method')}
          description={t('method.typeCode')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          required={required}
          autoComplete="off"
          data-field-input="payment_method"
        />
        <ErrorNotice error={methods.error} onRetry={() => void methods.refetch()} />
      </Stack>
    );
  }
  const list = methods.data?.record ?? [];
  const known = list.some((method) => method.code === value);
  const data = list.map((method) => ({
    value: method.code,
    label: isMethodAvailable(method.status)
      ? t('method.option', { name: method.name, code: method.code, type: method.type })
      : t('method.optionUnavailable', {
          name: method.name,
          code: method.code,
          type: method.type,
          status: method.status,
        }),
  }));
  // A code typed before the list arrived (or not in it) stays visible and selected.
  if (value !== '' && !known) data.unshift({ value, label: value });
  return (
    <Select
      label={t('field.payment_method')}
      description={
        country.length !== 2
          ? t('method.chooseCountry')
          : methods.isFetching
            ? t('method.loading', { country })
            : // Optional for a hosted deposit, required for a one-shot one: the hint says which.
              t(required ? 'method.hintRequired' : 'method.hint', { count: list.length, country })
      }
      placeholder={t('method.placeholder')}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t('method.nothingFound')}
      disabled={country.length !== 2}
      error={error}
      required={required}
      data-field-input="payment_method"
      data-testid="payment-method"
    />
  );
}

/**
 * The payer's state (D15): the country's ISO 3166-2 list, searchable by name or code. A code
 * not in the list (a draft, a country changed after) stays shown and the screen marks it.
 */
function StatePicker({
  country,
  value,
  onChange,
  error,
  required,
}: {
  country: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  required: boolean;
}) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const states = useStates(country);
  if (states.isError) {
    // The list is a help, not a condition: the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.payer.address.state')}
          description={t('state.typeCode')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          error={error}
          required={required}
          maxLength={3}
          autoComplete="off"
          data-field-input="payer.address.state"
        />
        <ErrorNotice error={states.error} onRetry={() => void states.refetch()} />
      </Stack>
    );
  }
  const list = states.data?.record ?? [];
  const data = list.map((state) => ({ value: state.iso, label: stateLabel(state) }));
  if (value !== '' && !list.some((state) => state.iso === value)) data.unshift({ value, label: value });
  const name = country.length === 2 ? countryName(country, format.locale) : country;
  return (
    <Select
      label={t('field.payer.address.state')}
      description={
        country.length !== 2
          ? t('state.chooseCountry')
          : states.isFetching
            ? t('state.loading', { country: name })
            : t('state.hint', { count: list.length, country: name })
      }
      placeholder={t('state.placeholder')}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      filter={({ options, search }) => {
        const shown = new Set(filterStates(list, search).map((state) => state.iso));
        return options.filter((option) => 'value' in option && shown.has(option.value));
      }}
      searchable
      clearable
      nothingFoundMessage={t('state.nothingFound')}
      disabled={country.length !== 2}
      error={error}
      required={required}
      data-field-input="payer.address.state"
      data-testid="payer-state"
    />
  );
}

function ReportedInfoInputField({
  field,
  mask,
  value,
  error,
  required,
  onChange,
}: {
  field: keyof ReportedInfoInput;
  mask: string | null;
  value: string;
  error: string | undefined;
  required: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('depositCreate');
  const label = t(`field.reported_info.${field}`);
  if (field === 'bank_account_type' && mask === null) {
    return (
      <Select
        label={label}
        required={required}
        value={value || null}
        onChange={(type) => onChange(type ?? '')}
        data={CAIXA_ACCOUNT_TYPES.map((type) => ({
          value: type,
          label: `${type} · ${t(`caixaAccountType.${type}`)}`,
        }))}
        error={error}
        data-field-input={`reported_info.${field}`}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={mask === null ? undefined : t('reportedInfo.mask', { mask })}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoComplete="off"
      spellCheck={false}
      data-field-input={`reported_info.${field}`}
    />
  );
}
