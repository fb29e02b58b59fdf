import { test, expect } from '@playwright/test';
import {
  REJECTION_CODES,
  TARGET_STATUSES,
  transitionArgument,
  type TransitionForm,
} from '../../../../../renderer/src/features/sandbox/sandbox-options';

test.describe('sandbox transition argument', () => {
  const form = (patch: Partial<TransitionForm>): TransitionForm => ({
    entity: 'deposit',
    id: '300000002',
    to: 'COMPLETED',
    rejectionCode: '',
    rejectionReason: '',
    ...patch,
  });

  test('target statuses come from the contract lists', () => {
    expect(TARGET_STATUSES.deposit).toContain('EARLY RELEASED');
    expect(TARGET_STATUSES.refund).toContain('INCORRECT_DETAILS');
    expect(TARGET_STATUSES.cashout).toEqual([
      'PENDING',
      'COMPLETED',
      'CANCELLED',
      'REJECTED',
      'DELIVERED',
      'ON_HOLD',
    ]);
    expect(REJECTION_CODES[0]).toBe(800);
    expect(REJECTION_CODES.at(-1)).toBe(826);
    expect(REJECTION_CODES).toHaveLength(27);
  });

  test('a filled form becomes the call argument', () => {
    expect(transitionArgument(form({ id: ' #300000002 ' }))).toEqual({
      ok: true,
      arg: { entity: 'deposit', id: 300000002, to: 'COMPLETED' },
    });
  });

  test('an id that is not a positive whole number, or a status of another entity, is named', () => {
    expect(transitionArgument(form({ id: '' }))).toEqual({ ok: false, problem: 'id' });
    expect(transitionArgument(form({ id: '0' }))).toEqual({ ok: false, problem: 'id' });
    expect(transitionArgument(form({ id: '1.5' }))).toEqual({ ok: false, problem: 'id' });
    expect(transitionArgument(form({ id: '99999999999999999999' }))).toEqual({ ok: false, problem: 'id' });
    expect(transitionArgument(form({ to: 'ON_HOLD' }))).toEqual({ ok: false, problem: 'to' });
  });

  test('a rejection code and reason go only with a cashout moved to REJECTED', () => {
    expect(
      transitionArgument(
        form({
          entity: 'cashout',
          id: '11954',
          to: 'REJECTED',
          rejectionCode: '805',
          rejectionReason: ' Bad branch ',
        }),
      ),
    ).toEqual({
      ok: true,
      arg: {
        entity: 'cashout',
        id: 11954,
        to: 'REJECTED',
        rejectionCode: 805,
        rejectionReason: 'Bad branch',
      },
    });
    expect(transitionArgument(form({ entity: 'cashout', id: '11954', to: 'REJECTED' }))).toEqual({
      ok: true,
      arg: { entity: 'cashout', id: 11954, to: 'REJECTED' },
    });
    expect(
      transitionArgument(form({ entity: 'cashout', id: '11954', to: 'CANCELLED', rejectionCode: '805' })),
    ).toEqual({ ok: true, arg: { entity: 'cashout', id: 11954, to: 'CANCELLED' } });
    expect(
      transitionArgument(form({ entity: 'cashout', id: '11954', to: 'REJECTED', rejectionCode: '827' })),
    ).toEqual({ ok: false, problem: 'rejectionCode' });
  });
});
