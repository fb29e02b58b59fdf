import { test, expect } from '@playwright/test';
import { explainPayerVerification } from '../../../../renderer/src/lib/payer-verification';

test.describe('payer verification in words', () => {
  test('the four meanings of the spec, read tolerantly', () => {
    expect(explainPayerVerification('MATCHED')).toBe('matched');
    expect(explainPayerVerification('UNMATCHED')).toBe('differs');
    expect(explainPayerVerification('unmatched')).toBe('differs');
    expect(explainPayerVerification('NO_DOCUMENT')).toBe('no_document');
    expect(explainPayerVerification('no document')).toBe('no_document');
    expect(explainPayerVerification('NO_DATA')).toBe('no_data');
    expect(explainPayerVerification(' no-data ')).toBe('no_data');
  });

  test('anything else is shown as it came', () => {
    expect(explainPayerVerification('PARTIAL_MATCH')).toBe('as_it_came');
    expect(explainPayerVerification('')).toBe('as_it_came');
  });
});
