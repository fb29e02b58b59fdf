import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuditEntryView, RefundPreflight } from '../../../../shared/contract';
import { useDraft } from '../../api/drafts';
import { useFormat } from '../../components/format-context';
import { useMoneyProblemText } from '../../components/MoneyInput';
import { useActiveTarget, useEnvironmentPhrase, useMutationGate } from '../../components/MutationGate';
import { notify } from '../../components/notify';
import { isMoneyInputProblem } from '../../lib/money-input';
import { sayText } from '../../lib/validation-text';
import { links } from '../../shell/links';
import {
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
import { useCreateRefund, type RefundCreateVariables } from './use-refunds';

/**
 * A refund form's state for one deposit and main's pre-flight of it: the values and their
 * problems, the body they make, and the send through the draft.
 */
export function useRefundForm({
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
  const blocking = preflight.getBlockingIntent;

  return {
    depositId,
    preflight,
    t,
    gate,
    target,
    where,
    deposit,
    blank,
    values,
    setValues,
    reason,
    setReason,
    submitted,
    setSubmitted,
    confirming,
    setConfirming,
    settled,
    setSettled,
    setFocusRequest,
    form,
    create,
    draft,
    bankAccountRequired,
    withBankAccount,
    problems,
    blocked,
    body,
    everythingLeft,
    reasonMissing,
    money,
    errorOf,
    set,
    send,
    blocking,
  };
}

export type RefundFormState = ReturnType<typeof useRefundForm>;
