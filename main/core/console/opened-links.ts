import type { DeepLinkTarget } from '../../../shared/contract';
import { parseDeepLink, type DeepLinkParse } from '../deep-links';
import type { ConsoleEventBus } from './events';

/**
 * What a `paydesk://` link or a clicked notification asked the page to show. It waits here until
 * a page takes it (`takeOpenedLink`), and `linkOpened` tells a page that is already listening:
 * a link that starts the app arrives before any page does, so it cannot be only an event. Only
 * the latest waits: a person who opens two links before the page is up means the second.
 */
export interface OpenedLinks {
  /** Reads a link from outside (parseDeepLink); a good one waits for the page. Answers the reading. */
  openLink(link: unknown): DeepLinkParse;
  /** Shows a target the app itself names (a notification's record). */
  openTarget(target: DeepLinkTarget): void;
  /** The waiting target, once. */
  take(): DeepLinkTarget | null;
}

export function createOpenedLinks(events: Pick<ConsoleEventBus, 'emit'>): OpenedLinks {
  let waiting: DeepLinkTarget | null = null;
  const openTarget = (target: DeepLinkTarget): void => {
    waiting = target;
    events.emit('linkOpened', {});
  };
  return {
    openLink(link) {
      const read = parseDeepLink(link);
      if (read.ok) openTarget(read.target);
      return read;
    },
    openTarget,
    take() {
      const taken = waiting;
      waiting = null;
      return taken;
    },
  };
}
