import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import type { DepositFormProps } from './deposit-form-props';
import { ReportedInfoInputField } from './ReportedInfoInputField';

/** The bank details the chosen method asks for, by main's rules for it. */
export function ReportedInfoSection({ values, errors, required, check, onText }: DepositFormProps) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  return (
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
  );
}
