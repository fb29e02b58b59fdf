import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What issue 5 asks of every screen: zero serious or critical axe-core violations. */
export const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

export interface AccessibilityOptions {
  /** Check only this part of the page (a CSS selector). */
  include?: string;
  /** Leave these parts out (e.g. a third-party widget), each with a reason in the calling test. */
  exclude?: string[];
  /** Rules to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

export interface AccessibilityViolation {
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
  // Colours measured mid-transition (a notification fading in) are not the colours anyone reads:
  // wait for finite animations and transitions to end; looping ones (spinners) never do.
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
