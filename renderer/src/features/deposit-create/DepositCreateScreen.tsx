import { Alert, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AuditEntryView,
  BlockingIntent,
  DepositCheck,
  DepositCreateBody,
} from '../../../../shared/contract';
import { useActiveEnvironmentId } from '../../api/environment';
import { useStates } from '../../api/reference';
import { useDraft } from '../../api/drafts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailList, DetailRow } from '../../components/DetailList';
import { DraftBar } from '../../components/DraftBar';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SolidBadge } from '../../components/SolidBadge';
import { Working } from '../../components/Working';
import { useFormat } from '../../components/format-context';
import { useMoneyProblemText } from '../../components/MoneyInput';
import type { MoneyInputProblem } from '../../lib/money-input';
import { sayText } from '../../lib/validation-text';
import { IntentSettledNotice, UnknownOutcomePanel } from '../audit/UnknownOutcome';
import { countryName, REFERENCE_COUNTRIES } from '../reference/reference-data';
import { DepositAnswer } from './DepositAnswer';
import { DepositForm } from './DepositForm';
import { DuplicateInvoiceDialog } from './DuplicateInvoiceDialog';
import {
  MutationGateNotice,
  MutationTarget,
  ReasonInput,
  reasonMeta,
  useActiveTarget,
  useEnvironmentPhrase,
  useMutationGate,
} from '../../components/MutationGate';
import {
  depositDraftOf,
  depositFormOfDraft,
  emptyDepositForm,
  fieldSentIn,
  isQuickPayCountry,
  isUnknownState,
  isUnservedCountry,
  issueOfRefusal,
  moneyProblems,
  missingFields,
  requiredFields,
  resetsReportedInfo,
  sectionOf,
  sortIssues,
  toDepositBody,
  type DepositFormValues,
  type DepositMode,
  type FlagField,
  type FormSection,
  type TextField,
} from './deposit-form';
import { useCreateDeposit, useDepositCheck, type DepositCreateVariables } from './use-deposit-create';

/** How long typing may pause before main checks the draft. */
const CHECK_DEBOUNCE_MS = 300;

/**
 * /deposits/new: create a ONE_SHOT, HOSTED or QuickPay deposit. The draft is checked by main as
 * it changes (checkDeposit: the spec's limits, the method's reported_info masks, the flow the
 * service will answer); the answer shows the payment instructions. A failed or lost create keeps
 * everything typed; a lost one can be sent again under its own idempotency key (D6). Main refuses
 * a second deposit with an invoice id already used here until the user chooses (DuplicateInvoiceDialog),
 * and any new one while an earlier one with that invoice id has an unknown outcome (UnknownOutcomePanel).
 */
export default function DepositCreateScreen() {
  // One environment's draft never shows in another: the form starts again on a switch.
  const environmentId = useActiveEnvironmentId();
  return <DepositCreate key={environmentId ?? ''} environmentId={environmentId} />;
}

/** The form holds payer details: its draft is sealed by main (main/core/drafts), never kept here. */
const BLANK_DEPOSIT = emptyDepositForm();

function DepositCreate({ environmentId }: { environmentId: string | null }) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const gate = useMutationGate();
  const [values, setValues] = useState<DepositFormValues>(() => emptyDepositForm());
  const [touched, setTouched] = useState<ReadonlySet<TextField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sections, setSections] = useState<FormSection[]>([]);
  const [reason, setReason] = useState('');
  const [lastSent, setLastSent] = useState<DepositCreateVariables | null>(null);
  // Main's duplicate_invoice refusal and the request it refused, for the choice it asks for.
  const [duplicate, setDuplicate] = useState<{
    blocking: BlockingIntent;
    refused: DepositCreateVariables;
  } | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [settled, setSettled] = useState<AuditEntryView | null>(null);
  const [showAnswer, setShowAnswer] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // A crypto deposit waits here for the user to check the wallet and network it credits.
  const [confirmingWallet, setConfirmingWallet] = useState(false);
  // A submit made while main is still checking the latest draft waits for that verdict, so the
  // fields it marks (and the one focused) are those of what would be sent, not of an older draft.
  const [submitWaitsForCheck, setSubmitWaitsForCheck] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateDeposit();
  const draft = useDraft({
    form: 'deposit-create',
    environmentId,
    values,
    blank: BLANK_DEPOSIT,
    toDraft: depositDraftOf,
    fromDraft: depositFormOfDraft,
    onRestore: setValues,
    reason: { value: reason, onRestore: setReason },
  });

  const moneyProblemText = useMoneyProblemText();
  const body = useMemo(() => toDepositBody(values, format.locale), [values, format.locale]);
  const bodyJson = JSON.stringify(body);
  const [checkedBody] = useDebouncedValue(body, CHECK_DEBOUNCE_MS);
  const checkedJson = JSON.stringify(checkedBody);
  const check = useDepositCheck(checkedBody);
  // The last verdict stays shown while the next one is asked, so hints do not flicker.
  const [verdict, setVerdict] = useState<{ json: string; check: DepositCheck } | null>(null);
  if (check.data !== undefined && verdict?.check !== check.data) {
    setVerdict({ json: checkedJson, check: check.data });
  }
  const verdictIsCurrent = verdict !== null && verdict.json === bodyJson;

  const ruleFields = verdict?.check.reportedInfoRules.map((rule) => rule.field) ?? [];
  const required = requiredFields(values, ruleFields);
  const missing = missingFields(values, required);
  const refusal =
    create.error && lastSent && JSON.stringify(lastSent.body) === bodyJson
      ? issueOfRefusal(create.error.error)
      : null;
  const issues = sortIssues([...(refusal ? [refusal] : []), ...(verdict?.check.issues ?? [])], (issue) =>
    sayText(t, format.locale, issue),
  );
  const reasonMissing = submitted && gate.production && reason.trim() === '';

  const errors: Partial<Record<TextField, string>> = {};
  for (const field of new Set<TextField>([...(Object.keys(issues.byField) as TextField[]), ...missing])) {
    if (!submitted && !touched.has(field)) continue;
    const issue = issues.byField[field];
    if (issue !== undefined) errors[field] = issue;
    else if (submitted) errors[field] = t('form.required');
  }
  // An amount that cannot be read in the reader's language is named before main's schema is:
  // main would only see the text, not the language it was typed in.
  const unreadMoney = moneyProblems(values, format.locale);
  for (const [field, problem] of Object.entries(unreadMoney) as Array<[TextField, MoneyInputProblem]>) {
    if (submitted || touched.has(field)) errors[field] = moneyProblemText(problem);
  }
  // D15: the payer's state must be one of the country's (main cannot tell: the list is the
  // service's). Shown at once: a picked code only goes wrong when the country changes after it.
  const country = values.text.country.trim();
  const countryUnserved = isUnservedCountry(country);
  if (countryUnserved) errors.country = t('country.unserved', { code: country });
  const states = useStates(country);
  const stateCode = values.text['payer.address.state'].trim();
  const stateUnknown =
    fieldSentIn(values.mode, country, 'payer.address.state') &&
    isUnknownState(stateCode, states.data?.record);
  if (stateUnknown) {
    errors['payer.address.state'] = t('state.unknown', {
      code: stateCode,
      country: countryName(country, format.locale),
    });
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setText = (field: TextField, value: string) => {
    setValues((previous) => {
      const text = { ...previous.text, [field]: value };
      if (resetsReportedInfo(field) && previous.text[field] !== value) {
        text['reported_info.bank_account_number'] = '';
        text['reported_info.bank_branch'] = '';
        text['reported_info.bank_beneficiary'] = '';
        text['reported_info.bank_account_type'] = '';
      }
      return { ...previous, text };
    });
    setTouched((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  };
  const setFlag = (flag: FlagField, on: boolean) =>
    setValues((previous) => ({ ...previous, flags: { ...previous.flags, [flag]: on } }));
  const setMode = (mode: DepositMode) =>
    setValues((previous) => ({
      ...previous,
      mode,
      text:
        mode === 'quick_pay' && !isQuickPayCountry(previous.text.country.trim())
          ? { ...previous.text, country: 'BR' }
          : previous.text,
    }));

  const send = (variables: DepositCreateVariables) => {
    setLastSent(variables);
    setSettled(null);
    draft.beforeSend();
    create.mutate(variables, {
      onSettled: draft.afterSend,
      onSuccess: () => setShowAnswer(true),
      onError: ({ error }) => {
        if (error.kind === 'duplicate_invoice' && error.blockingIntent) {
          setDuplicate({ blocking: error.blockingIntent, refused: variables });
          setChoosing(true);
        }
      },
    });
  };
  const choose = (variables: DepositCreateVariables) => {
    setChoosing(false);
    setDuplicate(null);
    send(variables);
  };

  const submit = () => {
    setSubmitted(true);
    if (!verdictIsCurrent && !check.isError) {
      setSubmitWaitsForCheck(true);
      return;
    }
    setSubmitWaitsForCheck(false);
    const problemFields = [
      ...missing,
      ...(verdictIsCurrent ? (Object.keys(issues.byField) as TextField[]) : []),
      ...(stateUnknown ? (['payer.address.state'] as const) : []),
      ...(Object.keys(unreadMoney) as TextField[]),
      ...(countryUnserved ? (['country'] as const) : []),
    ];
    const blocked =
      gate.blocked ||
      problemFields.length > 0 ||
      (verdictIsCurrent && issues.elsewhere.length > 0) ||
      (gate.production && reason.trim() === '');
    if (blocked) {
      const folded = problemFields.flatMap((field) => sectionOf(field) ?? []);
      setSections((open) => [...new Set([...open, ...folded])]);
      setFocusRequest((count) => count + 1);
      return;
    }
    // Crypto sent to a wrong wallet, or on the wrong network, is lost: both are shown once more.
    if (body.crypto !== undefined) {
      setConfirmingWallet(true);
      return;
    }
    send({ body, ...reasonMeta(reason) });
  };

  // The verdict is main's asynchronous answer: the waiting submit goes on (once) when it arrives,
  // with this render's state, which is why it is not a dependency.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (submitWaitsForCheck && (verdictIsCurrent || check.isError)) submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitWaitsForCheck, verdictIsCurrent, check.isError]);

  const clearForm = () => {
    setValues(emptyDepositForm(values.mode));
    setTouched(new Set());
    setSubmitted(false);
    setSections([]);
  };

  const startOver = () => {
    create.reset();
    setShowAnswer(false);
    setValues(emptyDepositForm(values.mode));
    setTouched(new Set());
    setSubmitted(false);
    setLastSent(null);
    setDuplicate(null);
    setSettled(null);
    setReason('');
  };

  if (showAnswer && create.data) {
    return (
      <Stack>
        <Title order={2}>{t('title')}</Title>
        <DepositAnswer
          outcome={create.data}
          onBackToForm={() => {
            create.reset();
            setShowAnswer(false);
          }}
          onNewDeposit={startOver}
        />
      </Stack>
    );
  }

  const failure = create.error?.error;
  const lostKey = failure?.kind === 'outcome_unknown' ? failure.idempotencyKey : undefined;
  // An earlier deposit with this invoice id has an unknown outcome: main sent nothing new.
  const unresolved = failure?.kind === 'intent_unresolved' ? (failure.blockingIntent ?? null) : null;

  return (
    <Stack maw={1100}>
      <Title order={2}>{t('title')}</Title>
      <form
        ref={form}
        noValidate
        aria-label={t('form.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        <Stack>
          <DraftBar draft={draft} onDiscarded={clearForm} />
          <DepositForm
            values={values}
            errors={errors}
            required={new Set(required)}
            check={verdict?.check ?? null}
            sections={sections}
            onSections={setSections}
            onText={setText}
            onFlag={setFlag}
            onMode={setMode}
            onCrypto={(on) => setValues((previous) => ({ ...previous, crypto: on }))}
          />

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
              {failure && (
                <Stack gap="xs" data-testid="create-failed" data-error-kind={failure.kind}>
                  <ErrorNotice error={failure} />
                  {failure.kind === 'outcome_unknown' && (
                    <Alert color="orange" title={t('unknown.title')} data-testid="outcome-unknown">
                      <Stack gap="xs" align="flex-start">
                        <Text size="sm">{t('unknown.explain')}</Text>
                        {lostKey !== undefined && lastSent !== null ? (
                          <Button
                            variant="default"
                            loading={create.isPending}
                            disabled={gate.blocked}
                            onClick={() => send({ ...lastSent, idempotencyKey: lostKey })}
                            data-testid="retry-same-key"
                          >
                            {t('unknown.retry')}
                          </Button>
                        ) : (
                          <Text size="sm">{t('unknown.noKey')}</Text>
                        )}
                      </Stack>
                    </Alert>
                  )}
                  {failure.kind === 'duplicate_invoice' && duplicate !== null && (
                    <Group>
                      <Button
                        variant="default"
                        onClick={() => setChoosing(true)}
                        data-testid="duplicate-choose-again"
                      >
                        {t('duplicate.chooseAgain')}
                      </Button>
                    </Group>
                  )}
                  {unresolved && (
                    <UnknownOutcomePanel
                      blocking={unresolved}
                      onSettled={(resolution) => {
                        create.reset();
                        setSettled(resolution);
                      }}
                    />
                  )}
                  <Text size="sm" c="dimmed">
                    {t('form.keptAfterFailure')}
                  </Text>
                </Stack>
              )}
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
        </Stack>
      </form>
      {body.crypto !== undefined && (
        <ConfirmDialog
          opened={confirmingWallet}
          title={t('cryptoConfirm.title')}
          confirmLabel={t('cryptoConfirm.confirm')}
          cancelLabel={t('cryptoConfirm.back')}
          onConfirm={() => {
            setConfirmingWallet(false);
            send({ body, ...reasonMeta(reason) });
          }}
          onClose={() => setConfirmingWallet(false)}
        >
          <Stack gap="sm" data-testid="crypto-confirm">
            <Text size="sm">{t('cryptoConfirm.body')}</Text>
            <DetailList>
              <DetailRow label={t('field.crypto.wallet')} field="crypto.wallet">
                <Code fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {body.crypto.wallet}
                </Code>
              </DetailRow>
              <DetailRow label={t('field.crypto.network')} field="crypto.network">
                <Text span fw={700}>
                  {body.crypto.network}
                </Text>
              </DetailRow>
              <DetailRow label={t('field.crypto.currency')} field="crypto.currency">
                {body.crypto.currency}
              </DetailRow>
            </DetailList>
            <SendTarget body={body} amountRead={unreadMoney.amount === undefined} />
          </Stack>
        </ConfirmDialog>
      )}
      {duplicate && (
        <DuplicateInvoiceDialog
          blocking={duplicate.blocking}
          opened={choosing}
          onResend={() =>
            // The earlier key: the service answers with the deposit it made then (D6).
            choose({
              ...duplicate.refused,
              ...(duplicate.blocking.idempotencyKey !== null && {
                idempotencyKey: duplicate.blocking.idempotencyKey,
              }),
            })
          }
          onCreateSecond={() =>
            choose({ ...duplicate.refused, confirmedDuplicateOf: duplicate.blocking.intentId })
          }
          onBack={() => setChoosing(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The deposit's confirmation step, next to its button: what is created and where, e.g. "Create a
 * deposit of BRL 100.00 (invoice INV-1) in Testing". Without a currency the country's is shown.
 */
function SendTarget({ body, amountRead }: { body: DepositCreateBody; amountRead: boolean }) {
  const { t } = useTranslation('depositCreate');
  const format = useFormat();
  const target = useActiveTarget();
  const phrase = useEnvironmentPhrase();
  if (!target) return null;
  // An amount typed the wrong way is not summarised as the number it might have meant.
  const amount = !amountRead
    ? Number.NaN
    : typeof body.amount === 'number'
      ? body.amount
      : Number(body.amount);
  const currency =
    body.currency ?? REFERENCE_COUNTRIES.find((country) => country.code === body.country)?.currency;
  const environment = phrase(target);
  const sentence = !(Number.isFinite(amount) && amount > 0)
    ? t('form.targetNoAmount', { environment })
    : body.invoice_id === undefined
      ? t('form.targetNoInvoice', { amount: format.money(amount, currency, { exact: true }), environment })
      : t('form.target', {
          amount: format.money(amount, currency, { exact: true }),
          invoice: body.invoice_id,
          environment,
        });
  return (
    <Stack gap="xs">
      <MutationTarget environment={target} />
      <Text size="sm" fw={600} data-testid="deposit-confirm-summary">
        {sentence}
      </Text>
    </Stack>
  );
}

/** What the service will answer for the draft (D9), as main judged it a moment ago. */
function FlowSummary({
  check,
  checking,
  mode,
  missing,
}: {
  check: DepositCheck | null;
  checking: boolean;
  mode: DepositMode;
  missing: readonly TextField[];
}) {
  const { t } = useTranslation('depositCreate');
  return (
    <Stack
      gap="xs"
      aria-live="polite"
      data-testid="expected-flow"
      data-flow={check?.expectedFlow ?? ''}
      data-quick-pay={check?.quickPay ?? false}
      aria-busy={checking}
    >
      <Group gap="sm">
        <Text size="sm" fw={600}>
          {t('flow.label')}
        </Text>
        {check === null ? (
          <Text size="sm" c="dimmed">
            {t('flow.unknown')}
          </Text>
        ) : (
          <>
            <SolidBadge color={check.expectedFlow === 'ONE_SHOT' ? 'teal' : 'indigo'}>
              {check.expectedFlow}
            </SolidBadge>
            {check.quickPay && <SolidBadge color="violet">{t('flow.quickPay')}</SolidBadge>}
          </>
        )}
      </Group>
      {check !== null && (
        <Text size="sm">{check.expectedFlow === 'ONE_SHOT' ? t('flow.oneShot') : t('flow.hosted')}</Text>
      )}
      {check !== null && mode !== 'hosted' && check.expectedFlow === 'HOSTED' && missing.length > 0 && (
        <Text size="sm" fw={600} data-testid="flow-missing">
          {t('flow.missing', { fields: missing.map((field) => t(`field.${field}`)).join(', ') })}
        </Text>
      )}
      {/* QuickPay chosen but main does not see one (Mexico without a payer id): said, not blocked. */}
      {check !== null && mode === 'quick_pay' && !check.quickPay && (
        <Text size="sm" fw={600} data-testid="flow-not-quick-pay">
          {t('flow.quickPayNeedsPayerId')}
        </Text>
      )}
    </Stack>
  );
}
