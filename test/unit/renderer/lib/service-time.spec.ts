import { test, expect } from '@playwright/test';
import { parseServiceTime, remainingUntil } from '../../../../renderer/src/lib/service-time';

test.describe('service times (yyyy-MM-dd HH:mm:ss, UTC)', () => {
  test('parses as UTC', () => {
    expect(parseServiceTime('2024-03-05 14:07:09')).toBe(Date.UTC(2024, 2, 5, 14, 7, 9));
    expect(parseServiceTime('2024-02-29 23:59:59')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59));
  });

  test('refuses what is not a real time', () => {
    for (const bad of [
      '2024-02-30 10:00:00',
      '2023-02-29 10:00:00',
      '2024-03-05 24:00:00',
      '2024-03-05',
      'soon',
      '',
    ]) {
      expect(parseServiceTime(bad)).toBeNull();
    }
  });

  test('remaining time in whole units, expired once passed', () => {
    const target = Date.UTC(2024, 0, 2, 0, 0, 0);
    expect(remainingUntil(target, target - (86_400 + 3_600 * 3 + 60 * 4 + 5) * 1000)).toEqual({
      expired: false,
      days: 1,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(remainingUntil(target, target)).toEqual({
      expired: true,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(remainingUntil(target, target + 5000).expired).toBe(true);
  });
});
