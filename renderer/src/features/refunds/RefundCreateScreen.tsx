import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  type ComboboxItem,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuditEntryView, RefundPreflight } from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { loadDraft, useDraft } from '../../api/drafts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DraftBar } from '../../components/DraftBar';
import { DetailList, DetailRow } from '../../components/DetailList';
import { IdForm } from '../../components/IdForm';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Money } from '../../components/Money';
import { MoneyInput, useMoneyProblemText } from '../../components/MoneyInput';
import { QueryState, SkeletonCard } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { Value } from '../../components/Value';
import { useFormat } from '../../components/format-context';
import { sayText } from '../../lib/validation-text';
import { notify } from '../../components/notify';
import { useBanks } from '../../api/reference';
import { links } from '../../shell/links';
import {
  MutationGateNotice,
  MutationTarget,
  ReasonInput,
  reasonMeta,
  useActiveTarget,
  useEnvironmentPhrase,
  useMutationGate,
} from '../../components/MutationGate';
import { IntentSettledNotice, UnknownOutcomePanel } from '../audit/UnknownOutcome';
import { filterBanks } from '../reference/reference-data';
import { isMoneyInputProblem } from '../../lib/money-input';
import {
  depositOfRefundDraft,
  emptyRefundForm,
  inputOfRefusal,
  refundDraftOf,
  refundFormOfDraft,
  refundProblems,
  sendsBankAccount,
  toRefundBody,
  type RefundFormValues,
  type RefundInput,
  type RefundProblem,
} from './refund-form';
import { useCreateRefund, useRefundPreflight, type RefundCreateVariables } from './use-refunds';

/** Account types met in the spec's samples (`SAVING`); others can be typed. */
const ACCOUNT_TYPES = ['CHECKING', 'SAVING'];
/** Banks listed in the picker at once (the search narrows them). */
const BANK_OPTIONS_SHOWN = 50;

/**
 * /refunds/new?depositId=…: refund a deposit. Main's pre-flight says what is left, whether the
 * deposit was paid by card (no bank account needed, D8), what blocks the refund and what to
 * look at twice; the refund goes out only through main's guard rails. On success, the refund's
 * status screen. While an earlier refund of the deposit has an unknown outcome, main refuses a new
 * one: the action is disabled and the panel offers its ways out (UnknownOutcomePanel).
 */
export default function RefundCreateScreen() {
  // One environment's draft never shows in another: the screen starts again on a switch.
  const environmentId = useActiveEnvironmentId();
  return <RefundCreate key={environmentId ?? ''} environmentId={environmentId} />;
}

function RefundCreate({ environmentId }: { environmentId: string | null }) {
  const { t } = useTranslation('refunds');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('depositId');
  // Opened without a deposit: the deposit of a refund draft, if there is one.
  useEffect(() => {
    if (asked !== null || environmentId === null) return;
    let live = true;
    void loadDraft(environmentId, 'refund-create').then((loaded) => {
      const depositId =
        loaded.ok && loaded.data.draft ? depositOfRefundDraft(loaded.data.draft.values) : null;
      if (live && depositId !== null) setSearch({ depositId: String(depositId) }, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [asked, environmentId, setSearch]);

  return (
    <Stack maw={1000}>
      <Title order={2}>{t('create.title')}</Title>
      <IdForm
        value={search.get('depositId')}
        field="depositId"
        search={false}
        submitVariant="default"
        text={{
          formLabel: t('create.depositFormLabel'),
          label: t('create.depositIdLabel'),
          hint: t('create.depositIdHint'),
          invalid: t('create.invalidDepositId'),
          submit: t('create.depositSubmit'),
          badValue: (value) => t('create.badDepositId', { value }),
        }}
        testIds={{ input: 'refund-deposit-input', submit: 'refund-deposit-submit' }}
        onId={(id) => setSearch({ depositId: String(id) })}
      >
        {(depositId) => <DepositToRefund depositId={depositId} environmentId={environmentId} />}
      </IdForm>
    </Stack>
  );
}

/** Main's pre-flight of the deposit, then the form it allows. */
function DepositToRefund({ depositId, environmentId }: { depositId: number; environmentId: string | null }) {
  const { t } = useTranslation('refunds');
  const preflight = useRefundPreflight(depositId);
  return (
    <QueryState
      query={preflight}
      label={t('create.loading', { id: depositId })}
      skeleton={<SkeletonCard lines={8} />}
    >
      {(data) => (
        <RefundForm key={depositId} depositId={depositId} environmentId={environmentId} preflight={data} />
      )}
    </QueryState>
  );
}

function RefundForm({
  depositId,
  environmentId,
  preflight,
}: {
  depositId: number;
  environmentId: string | null;
  preflight: RefundPreflight;
}) {
  const { t } = useTranslation('refunds');
  const navigate = useNavigate();
  const gate = useMutationGate();
  const target = useActiveTarget();
  const phrase = useEnvironmentPhrase();
  const where = target ? phrase(target) : '—';
  const format = useFormat();
  const moneyProblemText = useMoneyProblemText();
  const deposit = preflight.deposit.record;
  const blank = useMemo(() => emptyRefundForm(deposit.invoice_id ?? ''), [deposit.invoice_id]);
  const [values, setValues] = useState<RefundFormValues>(blank);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [lastSent, setLastSent] = useState<RefundCreateVariables | null>(null);
  const [settled, setSettled] = useState<AuditEntryView | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateRefund((outcome) => {
    const refundId = outcome.created.record.refund_id;
    notify({ color: 'green', message: t('create.done', { refundId, depositId }) });
    void navigate(links.refund(refundId));
  });
  const draft = useDraft({
    form: 'refund-create',
    environmentId,
    values,
    blank,
    toDraft: (shown: RefundFormValues) => refundDraftOf(depositId, shown),
    fromDraft: (saved) => refundFormOfDraft(depositId, saved),
    onRestore: setValues,
    reason: { value: reason, onRestore: setReason },
  });

  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const bankAccountRequired = preflight.bankAccountRequired;
  const withBankAccount = sendsBankAccount(values, bankAccountRequired);
  const left = { remaining: preflight.remaining, uncertain: preflight.remainingUncertain };
  const problems = refundProblems(values, { bankAccountRequired, left, locale: format.locale });
  const blocked = preflight.blockers.length > 0;
  const body = toRefundBody(depositId, values, bankAccountRequired, format.locale, left);
  // "Everything that is left": the amount field was left empty and the body carries that amount.
  const everythingLeft = values.amount.trim() === '';
  const refused =
    create.error && lastSent && JSON.stringify(lastSent.body) === JSON.stringify(body)
      ? create.error.error
      : null;
  const refusedInput = refused?.kind === 'validation' ? inputOfRefusal(refused.field) : null;
  const reasonMissing = submitted && gate.production && reason.trim() === '';

  // Exact: the amount a refund sends is never shown rounded to the currency's usual decimals.
  const money = (amount: number | null): string =>
    amount === null ? '—' : format.money(amount, preflight.currency ?? undefined, { exact: true });
  const problemText = (problem: RefundProblem): string =>
    isMoneyInputProblem(problem)
      ? moneyProblemText(problem)
      : t(`problem.${problem}`, { remaining: money(preflight.remaining) });
  const errorOf = (input: RefundInput): string | undefined => {
    const problem = problems[input];
    // The amount is checked as it is typed; the rest once the form was sent.
    if (problem !== undefined && (submitted || input === 'amount')) return problemText(problem);
    if (refusedInput === input && refused) return sayText(t, format.locale, refused);
    return undefined;
  };
  const set = (input: RefundInput) => (value: string) =>
    setValues((previous) => ({ ...previous, [input]: value }));

  const send = (variables: RefundCreateVariables) => {
    setLastSent(variables);
    draft.beforeSend();
    create.mutate(variables, {
      onSettled: () => {
        setConfirming(false);
        draft.afterSend();
      },
    });
  };
  // An earlier refund of this deposit with an unknown outcome, as main's pre-flight names it. A
  // refusal for one (another window's, sent after the pre-flight was read) reads it again first.
  const blocking = preflight.blockingIntent;

  return (
    <Stack data-testid="refund-form" data-deposit-id={depositId}>
      <DepositSummary preflight={preflight} />
      {blocked && (
        <Alert color="red" title={t('create.blockedTitle')} role="alert" data-testid="refund-blockers">
          <List size="sm">
            {preflight.blockers.map((blocker, index) => (
              <List.Item key={blocker}>
                {sayText(t, format.locale, { message: blocker, text: preflight.texts.blockers[index] })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preflight.warnings.length > 0 && (
        <Alert color="yellow" title={t('create.warningsTitle')} data-testid="refund-warnings">
          <List size="sm">
            {preflight.warnings.map((warning, index) => (
              <List.Item key={warning}>
                {sayText(t, format.locale, { message: warning, text: preflight.texts.warnings[index] })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      <form
        ref={form}
        noValidate
        aria-label={t('create.formLabel', { id: depositId })}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (
            blocked ||
            gate.blocked ||
            blocking !== null ||
            Object.keys(problems).length > 0 ||
            (gate.production && reason.trim() === '')
          ) {
            setFocusRequest((count) => count + 1);
            return;
          }
          create.reset();
          setConfirming(true);
        }}
      >
        <Stack>
          <DraftBar
            draft={draft}
            onDiscarded={() => {
              setValues(blank);
              setReason('');
              setSubmitted(false);
            }}
          />
          <Paper withBorder p="md" component="section" aria-label={t('section.refund')}>
            <Title order={3} size="h5" mb="sm">
              {t('section.refund')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('field.deposit_id')} value={String(depositId)} readOnly />
              <TextInput
                label={t('field.invoice_id')}
                description={t('create.invoiceHint')}
                required
                value={values.invoiceId}
                onChange={(event) => set('invoiceId')(event.currentTarget.value)}
                error={errorOf('invoiceId')}
                autoComplete="off"
                data-testid="refund-invoice"
              />
              <MoneyInput
                label={t('field.amountToRefund')}
                description={
                  preflight.remaining === null
                    ? t('create.amountHintUnknown')
                    : preflight.remainingUncertain
                      ? t('create.amountHintUncertain', { remaining: money(preflight.remaining) })
                      : t('create.amountHint', { remaining: money(preflight.remaining) })
                }
                currency={preflight.currency}
                value={values.amount}
                onChange={set('amount')}
                error={errorOf('amount')}
                data-testid="refund-amount"
              />
              <TextInput
                label={t('field.notification_url')}
                type="url"
                value={values.notificationUrl}
                onChange={(event) => set('notificationUrl')(event.currentTarget.value)}
                error={errorOf('notificationUrl')}
                autoComplete="off"
              />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label={t('field.comments')}
              value={values.comments}
              onChange={(event) => set('comments')(event.currentTarget.value)}
              error={errorOf('comments')}
              autosize
              minRows={2}
              maxRows={6}
            />
          </Paper>

          <Paper
            withBorder
            p="md"
            component="section"
            aria-label={t('section.bankAccount')}
            data-section="bank-account"
          >
            <Title order={3} size="h5" mb="sm">
              {t('section.bankAccount')}
            </Title>
            <Text size="sm" mb="sm" data-testid="bank-account-rule" data-required={bankAccountRequired}>
              {bankAccountRequired ? t('create.bankAccountRequired') : t('create.bankAccountOptional')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('field.beneficiary')}
                required={bankAccountRequired}
                value={values.beneficiary}
                onChange={(event) => set('beneficiary')(event.currentTarget.value)}
                error={errorOf('beneficiary')}
                autoComplete="off"
              />
              <BankPicker
                country={deposit.country ?? null}
                value={values.bankCode}
                onChange={set('bankCode')}
                required={bankAccountRequired}
                error={errorOf('bankCode')}
              />
              <TextInput
                label={t('field.branch')}
                value={values.branch}
                onChange={(event) => set('branch')(event.currentTarget.value)}
                error={errorOf('branch')}
                autoComplete="off"
              />
              <TextInput
                label={t('field.account_number')}
                required={bankAccountRequired}
                value={values.accountNumber}
                onChange={(event) => set('accountNumber')(event.currentTarget.value)}
                error={errorOf('accountNumber')}
                autoComplete="off"
              />
              <Autocomplete
                label={t('field.account_type')}
                value={values.accountType}
                onChange={set('accountType')}
                data={ACCOUNT_TYPES}
                error={errorOf('accountType')}
                autoComplete="off"
              />
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="md" component="section" aria-label={t('section.send')}>
            <Stack>
              <ReasonInput
                value={reason}
                onChange={setReason}
                required={gate.production}
                error={reasonMissing ? t('create.reasonRequired') : undefined}
              />
              <MutationGateNotice gate={gate} />
              {create.error && !confirming && (
                <Stack gap="xs" data-testid="refund-failed" data-error-kind={create.error.error.kind}>
                  <ErrorNotice error={create.error} />
                  <Text size="sm" c="dimmed">
                    {t('create.keptAfterFailure')}
                  </Text>
                </Stack>
              )}
              {blocking && (
                <UnknownOutcomePanel
                  blocking={blocking}
                  onSettled={(resolution) => {
                    create.reset();
                    setSettled(resolution);
                  }}
                />
              )}
              {settled && !blocking && <IntentSettledNotice resolution={settled} />}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={blocked || gate.blocked || blocking !== null}
                  data-testid="create-refund"
                >
                  {t('create.submit')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>

      <ConfirmDialog
        opened={confirming}
        title={t('confirm.title', { id: depositId })}
        confirmLabel={t('confirm.confirm')}
        cancelLabel={t('confirm.dismiss')}
        confirmColor={gate.production ? 'red' : 'blue'}
        busy={create.isPending}
        onConfirm={() => send({ body, ...reasonMeta(reason) })}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="xs">
          {target && <MutationTarget environment={target} />}
          <Text size="sm" data-testid="refund-confirm-summary">
            {everythingLeft
              ? t('confirm.everything', {
                  id: depositId,
                  remaining: money(body.amount ?? preflight.remaining),
                  environment: where,
                })
              : t('confirm.amount', {
                  id: depositId,
                  amount: money(body.amount ?? null),
                  environment: where,
                })}
          </Text>
          {withBankAccount && body.bank_account && (
            <Text size="sm">
              {t('confirm.toAccount', {
                beneficiary: body.bank_account.beneficiary ?? '—',
                account: body.bank_account.account_number ?? '—',
                bank: body.bank_account.bank_code ?? '—',
              })}
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}

function DepositSummary({ preflight }: { preflight: RefundPreflight }) {
  const { t } = useTranslation('refunds');
  const deposit = preflight.deposit.record;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('section.deposit')} data-section="deposit">
      <Group gap="sm" mb="sm">
        <Title order={3} size="h5">
          {t('section.deposit')}
        </Title>
        <StatusBadge entity="deposit" status={deposit.status} />
      </Group>
      <DetailList>
        <DetailRow label={t('field.deposit_id')} field="deposit_id">
          <Anchor component={Link} to={links.deposit(deposit.deposit_id)}>
            {String(deposit.deposit_id)}
          </Anchor>
        </DetailRow>
        <DetailRow label={t('field.depositAmount')} field="deposit_amount">
          <Money amount={deposit.local_amount ?? deposit.amount} currency={deposit.currency} />
        </DetailRow>
        <DetailRow label={t('field.remaining')} field="remaining">
          <Money amount={preflight.remaining} currency={preflight.currency} />
        </DetailRow>
        <DetailRow label={t('field.paidByCard')} field="paid_by_card">
          <Value value={preflight.paidByCard} />
        </DetailRow>
        <DetailRow label={t('field.payment_method')} field="payment_method">
          <Value value={deposit.payment_method} />
        </DetailRow>
        <DetailRow label={t('field.country')} field="country">
          <Value value={deposit.country} />
        </DetailRow>
        <DetailRow label={t('field.refunded')} field="refunded">
          <Value value={deposit.refunded} />
        </DetailRow>
      </DetailList>
    </Paper>
  );
}

/** The banks of the deposit's country, searchable by name (accents ignored) or code. */
function BankPicker({
  country,
  value,
  onChange,
  required,
  error,
}: {
  country: string | null;
  value: string;
  onChange: (code: string) => void;
  required: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation('refunds');
  const banks = useBanks(country ?? '');
  if (country === null || banks.isError) {
    // Without the list the code can still be typed.
    return (
      <Stack gap="xs">
        <TextInput
          label={t('field.bank_code')}
          description={country === null ? t('bank.noCountry') : t('bank.typeCode')}
          required={required}
          value={value}
          inputMode="numeric"
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          autoComplete="off"
        />
        {banks.isError && <ErrorNotice error={banks.error} onRetry={() => void banks.refetch()} />}
      </Stack>
    );
  }
  const list = banks.data?.record ?? [];
  const data: ComboboxItem[] = list.map((bank) => ({
    value: String(bank.code),
    label: `${bank.code} · ${bank.name}`,
  }));
  const nameOf = new Map(list.map((bank) => [String(bank.code), bank.name]));
  return (
    <Select
      label={t('field.bank_code')}
      description={
        banks.isFetching ? t('bank.loading', { country }) : t('bank.hint', { count: list.length, country })
      }
      placeholder={t('bank.placeholder')}
      required={required}
      value={value === '' ? null : value}
      onChange={(code) => onChange(code ?? '')}
      data={data}
      searchable
      clearable
      limit={BANK_OPTIONS_SHOWN}
      filter={({ options, search }) => {
        const items = options.filter((option): option is ComboboxItem => 'value' in option);
        const matching = new Set(
          filterBanks(
            items.map((item) => ({ code: Number(item.value), name: nameOf.get(item.value) ?? item.label })),
            search,
          ).map((bank) => String(bank.code)),
        );
        return items.filter((item) => matching.has(item.value));
      }}
      nothingFoundMessage={t('bank.nothingFound')}
      error={error}
      data-testid="refund-bank"
    />
  );
}
