import { expect, test } from '@playwright/test';
import { ledgerStatus } from '../../../main/core/reconcile';

test('ledger status words in English, Spanish and Brazilian Portuguese', () => {
  expect(ledgerStatus('Pago')).toBe('COMPLETED');
  expect(ledgerStatus('CONCLUÍDO')).toBe('COMPLETED');
  expect(ledgerStatus('pagado')).toBe('COMPLETED');
  expect(ledgerStatus('paid')).toBe('COMPLETED');
  expect(ledgerStatus('Pendente')).toBe('PENDING');
  expect(ledgerStatus('rechazado')).toBe('REJECTED');
  expect(ledgerStatus('early_released')).toBe('EARLY RELEASED');
  expect(ledgerStatus('For review')).toBe('FOR REVIEW');
  expect(ledgerStatus('on-hold')).toBe('ON_HOLD');
  expect(ledgerStatus('talvez')).toBeNull();
});
