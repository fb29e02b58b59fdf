import { expect, test } from '@playwright/test';
import {
  AUDIT_METHODS,
  BATCH_METHODS,
  CASHOUT_METHODS,
  CHANNELS,
  CLOCK_METHODS,
  CONSOLE_METHODS,
  CREDENTIAL_METHODS,
  DEPOSIT_METHODS,
  DRAFT_METHODS,
  ENVIRONMENT_METHODS,
  GUARD_METHODS,
  NOTIFICATION_METHODS,
  PREFERENCE_METHODS,
  RECONCILE_METHODS,
  RECORDS_METHODS,
  REFERENCE_METHODS,
  REFUND_METHODS,
  SANDBOX_METHODS,
  SHELL_METHODS,
  SUB_MERCHANT_METHODS,
  TEAM_METHODS,
  WATCH_METHODS,
} from '../../../shared/contract';
import { CONSOLE_HANDLERS } from '../../../main/core/console';

const DOMAINS = [
  ENVIRONMENT_METHODS,
  CREDENTIAL_METHODS,
  CLOCK_METHODS,
  PREFERENCE_METHODS,
  DEPOSIT_METHODS,
  REFUND_METHODS,
  CASHOUT_METHODS,
  REFERENCE_METHODS,
  SUB_MERCHANT_METHODS,
  SHELL_METHODS,
  SANDBOX_METHODS,
  GUARD_METHODS,
  AUDIT_METHODS,
  BATCH_METHODS,
  WATCH_METHODS,
  RECORDS_METHODS,
  DRAFT_METHODS,
  RECONCILE_METHODS,
  TEAM_METHODS,
  NOTIFICATION_METHODS,
];

test('no two domains declare the same method: the composed list loses none', () => {
  const declared = DOMAINS.flatMap((domain) => Object.keys(domain));
  expect(new Set(declared).size).toBe(declared.length);
  expect(Object.keys(CONSOLE_METHODS).sort()).toEqual([...declared].sort());
});

test('each channel is its method name under paydesk:, and main handles exactly the listed methods', () => {
  for (const [name, channel] of Object.entries(CHANNELS)) expect(channel).toBe(`paydesk:${name}`);
  expect(Object.keys(CHANNELS).sort()).toEqual(Object.keys(CONSOLE_METHODS).sort());
  expect(Object.keys(CONSOLE_HANDLERS).sort()).toEqual(Object.keys(CONSOLE_METHODS).sort());
});

test('one naming style: every method name starts with a lower-case verb', () => {
  const verbs =
    /^(get|list|add|update|remove|use|set|clear|run|check|create|cancel|open|transition|advance|arm|disarm|verify|export|reread|retry|settle|parse|start|resume|discard|pin|unpin|poll|search|load|save|upload|prepare|take|approve|reject|withdraw|send)[A-Z]/;
  for (const name of Object.keys(CONSOLE_METHODS)) expect(name, name).toMatch(verbs);
});
