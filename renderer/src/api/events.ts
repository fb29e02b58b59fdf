import { useEffect, useRef } from 'react';
import type { ConsoleEventName, ConsoleEvents } from '../../../shared/contract';
import { paydesk } from './bridge';

/** Listen to an event main pushes while the calling component is mounted. */
export function useConsoleEvent<E extends ConsoleEventName>(
  event: E,
  listener: (payload: ConsoleEvents[E]) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => paydesk().on(event, (payload) => latest.current(payload)), [event]);
}
