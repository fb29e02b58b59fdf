import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paydesk } from '../api/bridge';
import { useConsoleEvent } from '../api/events';
import { openedLinkHref } from './links';

/**
 * Renders nothing: mounted once by the layout, it opens the screen of a `paydesk://` link (or a
 * clicked notification) that main holds for the page: the one waiting when the page starts (the
 * link that started the app), and each one main announces with `linkOpened` after that. Taking
 * it empties it, so a reload does not open it again.
 */
export function OpenedLinks() {
  const navigate = useNavigate();
  const takeLink = useCallback(() => {
    void paydesk()
      .takeOpenedLink({})
      .then((taken) => {
        if (taken.ok && taken.data !== null) void navigate(openedLinkHref(taken.data));
      });
  }, [navigate]);
  useConsoleEvent('linkOpened', takeLink);
  useEffect(takeLink, [takeLink]);
  return null;
}
