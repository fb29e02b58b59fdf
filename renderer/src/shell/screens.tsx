import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EnvironmentProfile } from '../../../shared/contract';
import type { JumpKind } from '../lib/jump-parser';
import { loadNamespaces, type Namespace } from '../i18n';
import { ApprovalsNavBadge } from '../features/approvals/ApprovalsNavBadge';
import LookupScreen from '../features/lookup/LookupScreen';
import { links } from './links';

/**
 * THE screen registry: the router, the navbar, the jump box and cross-screen buttons all read
 * it, so adding a screen is one entry here (plus its folder under features/). Only screens that
 * exist are listed: no placeholders.
 */
interface ScreenDefinition {
  /** Stable name other screens test for (e.g. the deposit view shows "Refund" once `refund-create` exists). */
  id: string;
  /** Route paths (react-router syntax, no leading slash); the first one is the nav target. */
  paths: readonly string[];
  component: ComponentType | LazyExoticComponent<ComponentType>;
  /** A navbar entry: `labelKey` in the `shell` namespace (`nav.*`), sorted by `order`. */
  nav?: {
    labelKey: `nav.${string}`;
    href: string;
    order: number;
    /** Hide the entry for some environments (e.g. Sandbox only on a local-sandbox one). */
    visible?: (active: EnvironmentProfile | null) => boolean;
    /** Shown at the entry's end: a live count (nothing when there is none). */
    badge?: ComponentType;
  };
  /** Ids of these kinds typed in the jump box open this screen (links.ts builds the URL). */
  jumpKinds?: readonly JumpKind[];
}

/**
 * A route-level lazy screen whose translation namespaces load together with its code, so the
 * screen never renders with missing texts and never waits twice.
 */
function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: readonly Namespace[],
): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));
}

export const SCREENS: readonly ScreenDefinition[] = [
  {
    // Eager on purpose: it is the home screen, and the bench times navigation → interactive lookup box.
    id: 'lookup',
    paths: [''],
    component: LookupScreen,
    nav: { labelKey: 'nav.lookup', href: links.lookup(), order: 10 },
  },
  {
    id: 'deposits',
    paths: ['deposits', 'deposits/:depositId'],
    component: lazyScreen(
      () => import('../features/deposits/DepositLookupScreen'),
      ['deposits', 'depositCreate', 'records'],
    ),
    nav: { labelKey: 'nav.deposits', href: links.deposits(), order: 20 },
    jumpKinds: ['deposit'],
  },
  {
    // Before `deposits/:depositId` in meaning only: react-router ranks the static `new` first.
    id: 'deposit-create',
    paths: ['deposits/new'],
    component: lazyScreen(() => import('../features/deposit-create/DepositCreateScreen'), ['depositCreate']),
    nav: { labelKey: 'nav.newDeposit', href: links.depositCreate(), order: 25 },
  },
  {
    id: 'refunds',
    paths: ['refunds', 'refunds/:refundId'],
    component: lazyScreen(() => import('../features/refunds/RefundLookupScreen'), ['refunds', 'records']),
    nav: { labelKey: 'nav.refunds', href: links.refunds(), order: 30 },
    jumpKinds: ['refund'],
  },
  {
    id: 'refund-create',
    paths: ['refunds/new'],
    component: lazyScreen(() => import('../features/refunds/RefundCreateScreen'), ['refunds']),
  },
  {
    id: 'cashouts',
    paths: ['cashouts'],
    component: lazyScreen(() => import('../features/cashouts/CashoutsScreen'), ['cashouts', 'records']),
    nav: { labelKey: 'nav.cashouts', href: links.cashouts(), order: 40 },
    jumpKinds: ['cashout', 'cashout-external'],
  },
  {
    id: 'reference',
    paths: ['reference'],
    component: lazyScreen(() => import('../features/reference/ReferenceScreen'), ['reference']),
    nav: { labelKey: 'nav.reference', href: links.reference(), order: 50 },
  },
  {
    id: 'sub-merchants',
    paths: ['sub-merchants', 'sub-merchants/:subMerchantId'],
    component: lazyScreen(() => import('../features/sub-merchants/SubMerchantsScreen'), ['sub-merchants']),
    nav: { labelKey: 'nav.subMerchants', href: links.subMerchants(), order: 60 },
    jumpKinds: ['sub-merchant'],
  },
  {
    id: 'batch',
    paths: ['batch'],
    component: lazyScreen(() => import('../features/batch/BatchScreen'), ['batch']),
    nav: { labelKey: 'nav.batch', href: links.batch(), order: 64 },
  },
  {
    // Lazy: the chart library (@mantine/charts over recharts) loads only with this screen.
    id: 'reconcile',
    paths: ['reconcile'],
    component: lazyScreen(() => import('../features/reconcile/ReconcileScreen'), ['reconcile']),
    nav: { labelKey: 'nav.reconcile', href: links.reconcile(), order: 65 },
  },
  {
    id: 'watchlist',
    paths: ['watchlist'],
    component: lazyScreen(() => import('../features/watchlist/WatchlistScreen'), ['watchlist']),
    nav: { labelKey: 'nav.watchlist', href: links.watchlist(), order: 66 },
  },
  {
    id: 'sandbox',
    paths: ['sandbox'],
    component: lazyScreen(() => import('../features/sandbox/SandboxScreen'), ['sandbox']),
    nav: {
      labelKey: 'nav.sandbox',
      href: links.sandbox(),
      order: 70,
      // Main refuses sandbox controls on any other kind of environment.
      visible: (active) => active?.kind === 'local-sandbox',
    },
  },
  {
    id: 'environments',
    paths: ['environments'],
    component: lazyScreen(() => import('../features/environments/EnvironmentsScreen'), ['environments']),
    nav: { labelKey: 'nav.environments', href: links.environments(), order: 80 },
  },
  {
    id: 'audit',
    paths: ['audit'],
    component: lazyScreen(() => import('../features/audit/AuditScreen'), ['audit']),
    nav: { labelKey: 'nav.audit', href: links.audit(), order: 75 },
  },
  {
    id: 'team',
    paths: ['team'],
    component: lazyScreen(() => import('../features/team/TeamScreen'), ['team']),
    nav: { labelKey: 'nav.team', href: links.team(), order: 78 },
  },
  {
    id: 'approvals',
    paths: ['approvals'],
    component: lazyScreen(() => import('../features/approvals/ApprovalsScreen'), ['team']),
    nav: { labelKey: 'nav.approvals', href: links.approvals(), order: 79, badge: ApprovalsNavBadge },
  },
  {
    id: 'notifications',
    paths: ['notifications'],
    component: lazyScreen(() => import('../features/notifications/NotificationsScreen'), ['notifications']),
    nav: { labelKey: 'nav.notifications', href: links.notifications(), order: 77 },
  },
  {
    // Reached from the shell's outcome-unknown notice (on every screen); no nav entry of its own.
    id: 'audit-unresolved',
    paths: ['audit/unresolved'],
    component: lazyScreen(() => import('../features/audit/UnresolvedScreen'), ['audit']),
  },
];

export function isScreenRegistered(id: string): boolean {
  return SCREENS.some((screen) => screen.id === id);
}

export function screenForJump(kind: JumpKind): ScreenDefinition | undefined {
  return SCREENS.find((screen) => screen.jumpKinds?.includes(kind));
}
