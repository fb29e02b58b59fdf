import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What every screen must meet: zero serious or critical axe-core violations. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

export interface AccessibilityOptions {
  /** Check only this part of the page (a CSS selector). */
  include?: string;
  /** Leave these parts out (e.g. a third-party widget), each with a reason in the calling test. */
  exclude?: string[];
  /** Rules to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

interface AccessibilityViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page and answers its serious and critical violations. */
export async function blockingViolations(
  page: Page,
  options: AccessibilityOptions = {},
): Promise<AccessibilityViolation[]> {
  const analyse = async (): Promise<AccessibilityViolation[]> => {
    await settled(page);
    let builder = new AxeBuilder({ page });
    if (options.include) builder = builder.include(options.include);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
    const results = await builder.analyze();
    return results.violations
      .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  };
  let violations = await analyse();
  // A toast that closes on its own can start fading while axe reads the page: its colours were
  // read mid-transition, or it is gone. Only then is the page read again, at most twice.
  for (let again = 0; again < 2 && violations.length > 0; again += 1) {
    const targets = violations.flatMap((violation) => violation.targets);
    if (!(await moving(page)) && !(await anyGone(page, targets))) break;
    violations = await analyse();
  }
  return violations;
}

/** Finite animations and transitions still running (looping ones, spinners, never end). */
const moving = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
      ),
  );

const anyGone = (page: Page, selectors: string[]): Promise<boolean> =>
  page.evaluate(
    (list) =>
      list.some((selector) => {
        try {
          return document.querySelector(selector) === null;
        } catch {
          return false;
        }
      }),
    selectors,
  );

/**
 * Colours measured mid-transition (a notification fading in) are not the colours anyone reads:
 * waits for finite animations and transitions to end.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Fails the test, listing each rule and element, when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, options: AccessibilityOptions = {}): Promise<void> {
  const violations = await blockingViolations(page, options);
  const report = violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.targets.join('\n    ')}`,
  );
  expect(report, 'axe-core: serious or critical violations').toEqual([]);
}
