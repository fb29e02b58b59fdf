import { useActiveEnvironmentId } from '../../api/environment';
import { DepositCreate } from './DepositCreate';

/**
 * /deposits/new: create a ONE_SHOT, HOSTED or QuickPay deposit. The draft is checked by main as
 * it changes (checkDeposit: the spec's limits, the method's reported_info masks, the flow the
 * service will answer); the answer shows the payment instructions. A failed or lost create keeps
 * everything typed; a lost one can be sent again under its own idempotency key (D6). Main refuses
 * a second deposit with an invoice id already used here until the user chooses (DuplicateInvoiceDialog),
 * and any new one while an earlier one with that invoice id has an unknown outcome (UnknownOutcomePanel).
 */
export default function DepositCreateScreen() {
  // One environment's draft never shows in another: the form starts again on a switch.
  const environmentId = useActiveEnvironmentId();
  return <DepositCreate key={environmentId ?? ''} environmentId={environmentId} />;
}
