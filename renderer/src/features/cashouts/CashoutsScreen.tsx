import { useActiveEnvironment } from '../../api/environment';
import { CashoutsForEnvironment } from './CashoutsForEnvironment';

/**
 * /cashouts?cashoutId=…&externalId=…: a cashout's status by either id or both (D7), and its
 * cancellation with both ids after a confirmation (in production the user types the cashout id).
 * Everything is read again on an environment switch: nothing of one environment stays on screen.
 */
export default function CashoutsScreen() {
  const active = useActiveEnvironment();
  return <CashoutsForEnvironment key={active?.id ?? ''} environmentId={active?.id ?? null} />;
}
