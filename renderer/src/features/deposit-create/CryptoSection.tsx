import { Checkbox, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CRYPTO_CURRENCIES, CRYPTO_NETWORKS } from '../../../../shared/contract';
import { Section } from '../../components/Section';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import type { DepositFormProps } from './deposit-form-props';
import { useDepositInputs } from './use-deposit-inputs';

/** A deposit credited in crypto: its currency, network and wallet. */
export function CryptoSection(props: DepositFormProps) {
  const { values, errors, check, onText, onCrypto } = props;
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const { input } = useDepositInputs(props);
  return (
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
  );
}
