import type { Page } from '@playwright/test';
import { DRAFT_FORMS, type PaydeskBridge } from '../../../shared/contract';

/**
 * Drops every form draft the bridge holds, through the page's own bridge. Tests of a
 * worker share a bridge and its data folder: a form one test left half-typed would otherwise open
 * filled in the next, which expects it empty.
 */
export async function discardAllDrafts(page: Page): Promise<void> {
  await page.evaluate(async (forms) => {
    const bridge = (window as unknown as { paydesk: PaydeskBridge }).paydesk;
    const list = await bridge.listEnvironments({});
    if (!list.ok) return;
    for (const environment of list.data.environments)
      for (const form of forms) await bridge.discardDraft({ environmentId: environment.id, form });
  }, DRAFT_FORMS);
}
