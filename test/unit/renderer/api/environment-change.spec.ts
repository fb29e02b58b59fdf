import { expect, test } from '@playwright/test';
import {
  EMBEDDED_SANDBOX_BASE_URL,
  type EnvironmentList,
  type EnvironmentProfile,
} from '../../../../shared/contract';
import { environmentKeys } from '../../../../renderer/src/api/query-keys';
import {
  environmentCacheEffect,
  namesTargetEnvironment,
} from '../../../../renderer/src/api/environment-change';

/** Which cached answers a new environment list drops (renderer/src/api/environment.tsx). */

const sandbox: EnvironmentProfile = {
  id: 'local-sandbox',
  name: 'Local sandbox',
  kind: 'local-sandbox',
  baseUrl: EMBEDDED_SANDBOX_BASE_URL,
  color: 'gray',
};
const staging: EnvironmentProfile = {
  id: 'staging',
  name: 'Staging',
  kind: 'testing',
  baseUrl: 'https://staging.example.com',
  color: 'blue',
};
const list = (activeEnvironmentId: string, ...environments: EnvironmentProfile[]): EnvironmentList => ({
  environments,
  activeEnvironmentId,
});

test('the first list, or another active environment, empties the whole cache', () => {
  expect(environmentCacheEffect(null, list('local-sandbox', sandbox))).toEqual({ kind: 'clear_all' });
  expect(
    environmentCacheEffect(list('local-sandbox', sandbox, staging), list('staging', sandbox, staging)),
  ).toEqual({ kind: 'clear_all' });
});

test('the active environment pointed elsewhere (base URL or kind) empties the whole cache', () => {
  const before = list('staging', sandbox, staging);
  expect(
    environmentCacheEffect(
      before,
      list('staging', sandbox, { ...staging, baseUrl: 'https://other.example.com' }),
    ),
  ).toEqual({ kind: 'clear_all' });
  expect(
    environmentCacheEffect(before, list('staging', sandbox, { ...staging, kind: 'production' })),
  ).toEqual({
    kind: 'clear_all',
  });
});

test('a new name or colour of the active environment keeps its answers', () => {
  const before = list('staging', sandbox, staging);
  expect(
    environmentCacheEffect(before, list('staging', sandbox, { ...staging, name: 'QA', color: 'teal' })),
  ).toEqual({
    kind: 'none',
  });
});

test('another profile added, edited or removed drops only the keys that target it', () => {
  const before = list('local-sandbox', sandbox);
  expect(environmentCacheEffect(before, list('local-sandbox', sandbox, staging))).toEqual({
    kind: 'targets',
    environmentIds: ['staging'],
  });
  expect(
    environmentCacheEffect(
      list('local-sandbox', sandbox, staging),
      list('local-sandbox', sandbox, { ...staging, baseUrl: 'https://other.example.com' }),
    ),
  ).toEqual({ kind: 'targets', environmentIds: ['staging'] });
  expect(environmentCacheEffect(list('local-sandbox', sandbox, staging), before)).toEqual({
    kind: 'targets',
    environmentIds: ['staging'],
  });
});

test('the keys that target an environment are its credentials and its clock, under any active one', () => {
  const keys = environmentKeys('local-sandbox');
  expect(namesTargetEnvironment(keys.credentials('staging'), ['staging'])).toBe(true);
  expect(namesTargetEnvironment(keys.credentialField('staging', 'apiSecret'), ['staging'])).toBe(true);
  expect(namesTargetEnvironment(keys.clock('staging'), ['staging'])).toBe(true);
  expect(namesTargetEnvironment(keys.credentials('local-sandbox'), ['staging'])).toBe(false);
  expect(namesTargetEnvironment(keys.deposit(123), ['staging'])).toBe(false);
  expect(namesTargetEnvironment(keys.deposits(), ['staging'])).toBe(false);
});
