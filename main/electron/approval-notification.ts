import {
  deepLinkOf,
  TEXT_LANGUAGE_OF,
  type ApprovalAction,
  type ApprovalNotice,
  type DeepLinkTarget,
  type Language,
  type TextLanguage,
} from '../../shared/contract';
import { parseDeepLink } from '../core/deep-links';

/**
 * What the desktop notification of an approval request says, in the user's language, and what a
 * click on it opens. Pure (no electron import) so it is tested in Node; main/index.ts shows it
 * with Electron's Notification, as it does a watchlist change (watch-notification.ts, whose note
 * on texts in main applies here too). The browser build shows the same event as a toast.
 */
interface ApprovalNotificationContent {
  title: string;
  body: string;
  urgency: 'normal';
}

interface ApprovalTexts {
  action: Record<ApprovalAction, string>;
  needed: (action: string, amount: string) => string;
  askedBy: (maker: string, reason: string) => string;
  approved: (action: string) => string;
  rejected: (action: string) => string;
  expired: (action: string) => string;
  by: (names: string) => string;
  byWithNote: (names: string, note: string) => string;
  expiredBody: string;
}

const APPROVAL_TEXTS: Record<TextLanguage, ApprovalTexts> = {
  en: {
    action: { refund: 'refund', cashout_cancel: 'cashout cancel', deposit_create: 'deposit' },
    needed: (action, amount) => `Approval needed: ${action}${amount}`,
    askedBy: (maker, reason) => `Asked by ${maker}: ${reason}`,
    approved: (action) => `Your ${action} request was approved`,
    rejected: (action) => `Your ${action} request was rejected`,
    expired: (action) => `Your ${action} request expired`,
    by: (names) => `By ${names}.`,
    byWithNote: (names, note) => `By ${names}: ${note}`,
    expiredBody: 'It was approved but not sent in time: ask again.',
  },
  es: {
    action: { refund: 'reembolso', cashout_cancel: 'cancelación de retiro', deposit_create: 'depósito' },
    needed: (action, amount) => `Aprobación pendiente: ${action}${amount}`,
    askedBy: (maker, reason) => `Solicitado por ${maker}: ${reason}`,
    approved: (action) => `Su solicitud de ${action} fue aprobada`,
    rejected: (action) => `Su solicitud de ${action} fue rechazada`,
    expired: (action) => `Su solicitud de ${action} venció`,
    by: (names) => `Por ${names}.`,
    byWithNote: (names, note) => `Por ${names}: ${note}`,
    expiredBody: 'Se aprobó pero no se envió a tiempo: solicítela de nuevo.',
  },
  'pt-BR': {
    action: { refund: 'reembolso', cashout_cancel: 'cancelamento de saque', deposit_create: 'depósito' },
    needed: (action, amount) => `Aprovação pendente: ${action}${amount}`,
    askedBy: (maker, reason) => `Pedido por ${maker}: ${reason}`,
    approved: (action) => `Seu pedido de ${action} foi aprovado`,
    rejected: (action) => `Seu pedido de ${action} foi recusado`,
    expired: (action) => `Seu pedido de ${action} expirou`,
    by: (names) => `Por ${names}.`,
    byWithNote: (names, note) => `Por ${names}: ${note}`,
    expiredBody: 'Foi aprovado, mas não foi enviado a tempo: peça de novo.',
  },
};

/** A notification is a glance: a long reason or note is cut, the whole is on the Approvals screen. */
const NOTE_MAX = 120;
const cut = (text: string): string => (text.length > NOTE_MAX ? `${text.slice(0, NOTE_MAX - 1)}…` : text);

export function approvalNotificationContent(
  { kind, request, environmentId }: ApprovalNotice,
  language: Language = 'en',
): ApprovalNotificationContent {
  const texts = APPROVAL_TEXTS[TEXT_LANGUAGE_OF[language]];
  const action = texts.action[request.action];
  const where = `(${environmentId})`;
  const amount =
    request.amount !== null && request.currency !== null ? ` ${request.currency} ${request.amount}` : '';
  switch (kind) {
    case 'approval_needed':
      return {
        title: texts.needed(action, amount === '' ? '' : ` —${amount}`),
        body: `${texts.askedBy(request.madeBy, cut(request.reason))} ${where}`,
        urgency: 'normal',
      };
    case 'approved':
      return {
        title: texts.approved(action),
        body: `${texts.by(request.approvedBy.join(', '))} ${where}`,
        urgency: 'normal',
      };
    case 'rejected': {
      const by = request.closedBy ?? '?';
      return {
        title: texts.rejected(action),
        body: `${request.closeNote === null ? texts.by(by) : texts.byWithNote(by, cut(request.closeNote))} ${where}`,
        urgency: 'normal',
      };
    }
    case 'expired':
      return { title: texts.expired(action), body: `${texts.expiredBody} ${where}`, urgency: 'normal' };
  }
}

/**
 * The request a clicked notification opens, read through the same strict reader as a link from
 * outside; only while its environment is the active one (the Approvals screen shows the active
 * environment's team). Otherwise the click only brings the window up.
 */
export function approvalNotificationTarget(
  { request, environmentId }: Pick<ApprovalNotice, 'request' | 'environmentId'>,
  activeEnvironmentId: string | null,
): DeepLinkTarget | null {
  if (environmentId !== activeEnvironmentId) return null;
  const read = parseDeepLink(deepLinkOf({ kind: 'approval', requestId: request.id }));
  return read.ok ? read.target : null;
}
