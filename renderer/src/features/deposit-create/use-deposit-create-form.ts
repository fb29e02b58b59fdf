import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView, BlockingIntent, DepositCheck } from '../../../../shared/contract';
import { useDraft } from '../../api/drafts';
import { useReference, byCountry } from '../../api/reference';
import { useFormat } from '../../components/format-context';
import { useMoneyProblemText } from '../../components/MoneyInput';
import { reasonMeta, useMutationGate } from '../../components/MutationGate';
import type { MoneyInputProblem } from '../../lib/money-input';
import { sayText } from '../../lib/validation-text';
import { countryName } from '../reference/reference-data';
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

/** The form holds payer details: its draft is sealed by main (main/core/drafts), never kept here. */
const BLANK_DEPOSIT = emptyDepositForm();

/** What the create-deposit screen keeps, and main's latest verdict on the body it would send. */
function useDepositCreateState(environmentId: string | null) {
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
  return {
    t,
    format,
    gate,
    values,
    setValues,
    touched,
    setTouched,
    submitted,
    setSubmitted,
    sections,
    setSections,
    reason,
    setReason,
    lastSent,
    setLastSent,
    duplicate,
    setDuplicate,
    choosing,
    setChoosing,
    settled,
    setSettled,
    showAnswer,
    setShowAnswer,
    focusRequest,
    setFocusRequest,
    confirmingWallet,
    setConfirmingWallet,
    submitWaitsForCheck,
    setSubmitWaitsForCheck,
    form,
    create,
    draft,
    moneyProblemText,
    body,
    bodyJson,
    check,
    verdict,
    verdictIsCurrent,
  };
}

type DepositCreateState = ReturnType<typeof useDepositCreateState>;

/** The problems to show, by input: main's verdict and refusal, what is missing, what cannot be read. */
function useDepositProblems({
  t,
  format,
  gate,
  values,
  touched,
  submitted,
  reason,
  lastSent,
  create,
  moneyProblemText,
  bodyJson,
  verdict,
}: DepositCreateState) {
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
  const states = useReference('listStates', byCountry(country));
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
  return { required, missing, issues, reasonMissing, errors, unreadMoney, countryUnserved, stateUnknown };
}

/**
 * The create-deposit screen's state and what it does: typing, sending, the choice a duplicate
 * invoice asks for, and a submit that waits for main's verdict on what it would send.
 */
export function useDepositCreateForm(environmentId: string | null) {
  const state = useDepositCreateState(environmentId);
  const problems = useDepositProblems(state);
  const {
    gate,
    values,
    setValues,
    setTouched,
    setSubmitted,
    setSections,
    reason,
    setReason,
    setLastSent,
    setDuplicate,
    setChoosing,
    setSettled,
    setShowAnswer,
    focusRequest,
    setFocusRequest,
    setConfirmingWallet,
    submitWaitsForCheck,
    setSubmitWaitsForCheck,
    form,
    create,
    draft,
    body,
    check,
    verdictIsCurrent,
  } = state;
  const { missing, issues, unreadMoney, countryUnserved, stateUnknown } = problems;

  useEffect(() => {
    if (focusRequest === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // The ref never changes: naming it only tells the linter, which cannot see it is one from here.
  }, [focusRequest, form]);

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
        if (error.kind === 'duplicate_invoice' && error.getBlockingIntent) {
          setDuplicate({ blocking: error.getBlockingIntent, refused: variables });
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

  return { ...state, ...problems, setText, setFlag, setMode, send, choose, submit, clearForm, startOver };
}

export type DepositCreateForm = ReturnType<typeof useDepositCreateForm>;
