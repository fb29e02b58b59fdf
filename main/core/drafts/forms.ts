import type { AuditAction, DraftForm } from '../../../shared/contract';

/** The form whose draft a journaled action sends. */
const FORM_OF_ACTION: Record<AuditAction, DraftForm> = {
  'deposit.create': 'deposit-create',
  'refund.create': 'refund-create',
  'cashout.cancel': 'cashout-cancel',
};

export const formOfAction = (action: AuditAction): DraftForm => FORM_OF_ACTION[action];
