import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAuditExport, useAuditVerify } from './use-audit';
import { VerifyReport } from './VerifyReport';

export function ChainAndExport({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const verify = useAuditVerify();
  const exportCsv = useAuditExport();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group>
          <Button
            onClick={() => verify.mutate(undefined)}
            loading={verify.isPending}
            data-testid="audit-verify"
          >
            {t('verify.button')}
          </Button>
          <Button
            variant="default"
            onClick={() => exportCsv.mutate(filter)}
            loading={exportCsv.isPending}
            data-testid="audit-export"
          >
            {t('export.button')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('export.hint')}
          </Text>
        </Group>
        {verify.error && <ErrorNotice error={verify.error} />}
        {verify.data && <VerifyReport report={verify.data} />}
        {exportCsv.error && <ErrorNotice error={exportCsv.error} />}
        {exportCsv.data && (
          <Text size="sm" role="status" data-testid="audit-exported">
            {t('export.done', { fileName: exportCsv.data.fileName })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
