import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice';
import { MutationGateNotice, ReasonInput } from '../../components/MutationGate';
import { Working } from '../../components/Working';
import { sayText } from '../../lib/validation-text';
import { IntentSettledNotice } from '../audit/UnknownOutcome';
import { DepositCreateFailure } from './DepositCreateFailure';
import { FlowSummary } from './FlowSummary';
import { SendTarget } from './SendTarget';
import type { DepositCreateForm } from './use-deposit-create-form';

/** The form's last part: what would be sent and where, main's other objections, the reason, the button. */
export function DepositSendPanel({ deposit }: { deposit: DepositCreateForm }) {
  const {
    t,
    format,
    gate,
    values,
    touched,
    submitted,
    reason,
    setReason,
    settled,
    create,
    body,
    check,
    verdict,
    verdictIsCurrent,
    missing,
    issues,
    reasonMissing,
    unreadMoney,
  } = deposit;
  const failure = create.error?.error;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('section.send')} data-section="send">
      <Stack>
        <FlowSummary
          check={verdict?.check ?? null}
          checking={check.isFetching}
          mode={values.mode}
          missing={touched.size > 0 || submitted ? missing : []}
        />
        {check.isError && <ErrorNotice error={check.error} onRetry={() => void check.refetch()} />}
        {submitted && verdictIsCurrent && issues.elsewhere.length > 0 && (
          <Alert color="red" title={t('form.otherIssues')} data-testid="other-issues">
            <List size="sm">
              {issues.elsewhere.map((issue) => (
                <List.Item key={`${issue.field}:${issue.message}`}>
                  <Text span ff="monospace" size="sm">
                    {issue.field}
                  </Text>
                  : {sayText(t, format.locale, issue)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ReasonInput
          value={reason}
          onChange={setReason}
          required={gate.production}
          error={reasonMissing ? t('form.reasonRequired') : undefined}
        />
        <MutationGateNotice gate={gate} />
        {create.isPending && <Working label={t('form.sending')} />}
        {failure && <DepositCreateFailure deposit={deposit} failure={failure} />}
        {settled && !failure && <IntentSettledNotice resolution={settled} />}
        <SendTarget body={body} amountRead={unreadMoney.amount === undefined} />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            disabled={gate.blocked}
            data-testid="create-deposit"
          >
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
