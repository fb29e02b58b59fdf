import { useActiveEnvironmentId } from '../../api/environment';
import { RefundCreate } from './RefundCreate';

/**
 * /refunds/new?depositId=…: refund a deposit. Main's pre-flight says what is left, whether the
 * deposit was paid by card (no bank account needed, D8), what blocks the refund and what to
 * look at twice; the refund goes out only through main's guard rails. On success, the refund's
 * status screen. While an earlier refund of the deposit has an unknown outcome, main refuses a new
 * one: the action is disabled and the panel offers its ways out (UnknownOutcomePanel).
 */
export default function RefundCreateScreen() {
  // One environment's draft never shows in another: the screen starts again on a switch.
  const environmentId = useActiveEnvironmentId();
  return <RefundCreate key={environmentId ?? ''} environmentId={environmentId} />;
}
