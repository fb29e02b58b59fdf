import { test, expect } from '@playwright/test';
import { canonicalStatus, statusTone } from '../../../../renderer/src/lib/status';

test.describe('statuses', () => {
  test('D9 spellings are one status', () => {
    expect(canonicalStatus('deposit', 'EARLY_RELEASED')).toBe('EARLY RELEASED');
    expect(canonicalStatus('deposit', 'for review')).toBe('FOR REVIEW');
    expect(canonicalStatus('refund', 'incorrect details')).toBe('INCORRECT_DETAILS');
    expect(canonicalStatus('cashout', 'Canceled')).toBe('CANCELLED');
    expect(canonicalStatus('cashout', 'on hold')).toBe('ON_HOLD');
  });

  test('an unknown status stays unknown (shown as it came)', () => {
    expect(canonicalStatus('deposit', 'DECLINED')).toBeNull();
    expect(statusTone('deposit', 'DECLINED')).toBe('unknown');
    expect(canonicalStatus('deposit', 'INCORRECT_DETAILS')).toBeNull();
  });

  test('tones carry the meaning', () => {
    expect(statusTone('deposit', 'COMPLETED')).toBe('success');
    expect(statusTone('refund', 'REJECTED')).toBe('failure');
    expect(statusTone('cashout', 'PENDING')).toBe('waiting');
  });
});
