import { Accordion, Autocomplete, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormSection } from './deposit-form';
import type { DepositFormProps } from './deposit-form-props';
import { useDepositInputs } from './use-deposit-inputs';

const LANGUAGE_CODES = ['pt', 'es', 'en'];

/** The optional fields and flags, folded away until opened. */
export function DepositOptions(props: DepositFormProps) {
  const { values, errors, sections, onSections, onText, onFlag } = props;
  const { t } = useTranslation('depositCreate');
  const { input, money } = useDepositInputs(props);
  return (
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
  );
}
