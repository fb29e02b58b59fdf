import { Accordion, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import type { FormSection } from './deposit-form';
import type { DepositFormProps } from './deposit-form-props';
import { StatePicker } from './StatePicker';
import { useDepositInputs } from './use-deposit-inputs';

/** The payer of a ONE_SHOT or HOSTED deposit, the less asked-for details folded away. */
export function DepositPayerSection(props: DepositFormProps) {
  const { values, errors, required, sections, onSections, onText } = props;
  const { t } = useTranslation('depositCreate');
  const { input } = useDepositInputs(props);
  const country = values.text.country.trim();
  return (
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
  );
}
