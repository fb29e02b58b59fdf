import {
  DEEP_LINK_SCHEME,
  deepLinkOf,
  TEXT_LANGUAGE_OF,
  type DeepLinkTarget,
  type Language,
  type TextLanguage,
  type WatchChangedEvent,
  type WatchKind,
} from '../../shared/contract';
import { parseDeepLink } from '../core/deep-links';

/**
 * What the desktop notification of a watchlist change says, in the user's language. Pure (no
 * electron import) so it is tested in Node; main/index.ts shows it with Electron's Notification.
 * The browser build shows the same event as a toast in the renderer instead.
 *
 * Main has no i18next: the few texts are a table per language here, as the menus' are
 * (menus.ts), because a notification also comes while no window (and so no renderer) is open.
 * Words follow renderer/src/i18n/GLOSSARY.md.
 */
interface WatchNotificationContent {
  title: string;
  body: string;
  urgency: 'normal' | 'critical';
}

interface NotificationTexts {
  kind: Record<WatchKind, string>;
  alarm: string;
  firstSeen: (status: string) => string;
  alarmBody: string;
  environment: (id: string) => string;
}

const NOTIFICATION_TEXTS: Record<TextLanguage, NotificationTexts> = {
  en: {
    kind: { deposit: 'Deposit', refund: 'Refund', cashout: 'Cashout', sub_merchant: 'Sub-merchant' },
    alarm: 'ALARM',
    firstSeen: (status) => `first seen as ${status}`,
    alarmBody: 'It was reported as completed and is now rejected. Check it before anything else.',
    environment: (id) => `(${id})`,
  },
  es: {
    kind: { deposit: 'Depósito', refund: 'Reembolso', cashout: 'Retiro', sub_merchant: 'Subcomercio' },
    alarm: 'ALARMA',
    firstSeen: (status) => `visto por primera vez en ${status}`,
    alarmBody: 'Se informó como completado y ahora está rechazado. Revíselo antes que nada.',
    environment: (id) => `(${id})`,
  },
  'pt-BR': {
    kind: { deposit: 'Depósito', refund: 'Reembolso', cashout: 'Saque', sub_merchant: 'Subcomerciante' },
    alarm: 'ALARME',
    firstSeen: (status) => `visto pela primeira vez como ${status}`,
    alarmBody: 'Foi informado como concluído e agora está rejeitado. Confira antes de qualquer outra coisa.',
    environment: (id) => `(${id})`,
  },
};

export function watchNotificationContent(
  { item, change, severity }: WatchChangedEvent,
  language: Language = 'en',
): WatchNotificationContent {
  const texts = NOTIFICATION_TEXTS[TEXT_LANGUAGE_OF[language]];
  const subject = `${texts.kind[item.kind]} ${item.id}`;
  const move = change.from === null ? texts.firstSeen(change.to) : `${change.from} → ${change.to}`;
  const where = texts.environment(item.environmentId);
  return severity === 'alarm'
    ? {
        title: `${texts.alarm}: ${subject} ${move}`,
        body: `${texts.alarmBody} ${where}`,
        urgency: 'critical',
      }
    : { title: `${subject}: ${change.to}`, body: `${move} ${where}`, urgency: 'normal' };
}

const LINK_WORD: Record<WatchKind, string> = {
  deposit: 'deposit',
  refund: 'refund',
  cashout: 'cashout',
  sub_merchant: 'sub-merchant',
};

/** A watched cashout known only by its external id has the id `ext:<external id>` (the watchlist's). */
const EXTERNAL_ID_PREFIX = 'ext:';

/**
 * The record a clicked notification opens: the watched object, read through the same strict
 * reader as a link from outside, so an id no link could name opens nothing. Only while its
 * environment is the active one: the screens look a record up in the active environment, and
 * the same id elsewhere is another record (or none). Then the click only brings the window up.
 */
export function watchNotificationTarget(
  { item }: Pick<WatchChangedEvent, 'item'>,
  activeEnvironmentId: string | null,
): DeepLinkTarget | null {
  if (item.environmentId !== activeEnvironmentId) return null;
  const link =
    item.kind === 'cashout' && item.id.startsWith(EXTERNAL_ID_PREFIX)
      ? deepLinkOf({ kind: 'cashout-external', externalId: item.id.slice(EXTERNAL_ID_PREFIX.length) })
      : `${DEEP_LINK_SCHEME}://${LINK_WORD[item.kind]}/${item.id}`;
  const read = parseDeepLink(link);
  return read.ok ? read.target : null;
}
