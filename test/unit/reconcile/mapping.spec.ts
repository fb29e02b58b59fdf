import { expect, test } from '@playwright/test';
import { applyOverride, guessMapping, kindFor, parseMapOption, shapeKey } from '../../../main/core/reconcile';

test('the mapping is guessed from en, es and pt-BR headers', () => {
  expect(guessMapping(['deposit_id', 'Amount', 'Status', 'Currency'])).toEqual({
    mapping: { deposit_id: 'deposit_id', Amount: 'amount', Status: 'status', Currency: 'currency' },
    kind: 'deposits',
  });
  expect(guessMapping(['Id do depósito', 'Valor (R$)', 'Situação', 'Moeda', 'Nome'])).toEqual({
    mapping: {
      'Id do depósito': 'deposit_id',
      'Valor (R$)': 'amount',
      Situação: 'status',
      Moeda: 'currency',
    },
    kind: 'deposits',
  });
  expect(guessMapping(['ID del retiro', 'Monto', 'Estado', 'Moneda'])).toEqual({
    mapping: { 'ID del retiro': 'cashout_id', Monto: 'amount', Estado: 'status', Moneda: 'currency' },
    kind: 'cashouts',
  });
  expect(guessMapping(['ID', 'Importe'], 'refunds')).toEqual({
    mapping: { ID: 'refund_id', Importe: 'amount' },
    kind: 'refunds',
  });
  // A bare id with no kind said anywhere is not guessed.
  expect(guessMapping(['id', 'valor']).kind).toBeNull();
  expect(kindFor(guessMapping(['id', 'valor']).mapping, undefined).ok).toBe(false);
});

test('--map overrides move a field, ignore a column, and refuse unknown columns and fields', () => {
  const header = ['Nosso ID', 'Valor', 'Outro valor'];
  const map = parseMapOption(['Nosso ID=deposit_id', 'outro VALOR=amount']);
  expect(map.ok).toBe(true);
  const mapping = applyOverride(header, { Valor: 'amount' }, map.ok ? map.data : {});
  expect(mapping).toEqual({ ok: true, data: { 'Nosso ID': 'deposit_id', 'Outro valor': 'amount' } });
  expect(applyOverride(header, { Valor: 'amount' }, { Valor: 'ignore' })).toEqual({ ok: true, data: {} });
  expect(applyOverride(header, {}, { Nada: 'amount' }).ok).toBe(false);
  expect(parseMapOption(['Valor=money']).ok).toBe(false);
  expect(parseMapOption(['Valor']).ok).toBe(false);
  expect(shapeKey(['Deposit ID', 'Valor'])).toBe(shapeKey(['deposit id', 'VALOR']));
  expect(shapeKey(['Deposit ID', 'Valor'])).not.toBe(shapeKey(['Deposit ID', 'Monto']));
});
