/**
 * `paydesk://` links: a record or a search named from outside the app (a chat message, a ticket,
 * another tool), made by the page's "Copy link" and opened by the desktop app. The format is
 * written here once; main/core/deep-links.ts reads a link strictly (`parseDeepLink`), and the
 * page turns a target into its screen (renderer/src/shell/links.ts).
 *
 *   paydesk://deposit/300000001             paydesk://refund/17
 *   paydesk://cashout/11954                 paydesk://cashout-external/payout-7781
 *   paydesk://sub-merchant/18703            paydesk://search?q=INV-2024-0042
 *   paydesk://approval/12                   (a team's approval request, by its id)
 *
 * The same word names the scheme the window's own page is served from (paydesk://app/, in
 * main/page/policy.ts): that is Chromium's scheme inside the app, this is the operating system's
 * one, and `app` is no target, so a page address never reads as a link.
 */

export const DEEP_LINK_SCHEME = 'paydesk';

/** An approval request's id: the team database's bigint identity, as digits with no leading zero. */
export const APPROVAL_REQUEST_ID = /^[1-9]\d{0,18}$/;

export type DeepLinkTarget =
  | { kind: 'deposit'; depositId: number }
  | { kind: 'refund'; refundId: number }
  | { kind: 'cashout'; cashoutId: number }
  | { kind: 'cashout-external'; externalId: string }
  | { kind: 'sub-merchant'; subMerchantId: number }
  /** A request of the active environment's team (docs/architecture.md, "Team mode: approvals"). */
  | { kind: 'approval'; requestId: string }
  | { kind: 'search'; text: string };

/** A link to one record (what a record screen's "Copy link" copies). */
export type RecordLinkTarget = Exclude<DeepLinkTarget, { kind: 'search' }>;

/** The link of a target: main/core/deep-links.ts's `parseDeepLink(deepLinkOf(target))` gives it back. */
export function deepLinkOf(target: DeepLinkTarget): string {
  switch (target.kind) {
    case 'deposit':
      return `${DEEP_LINK_SCHEME}://deposit/${target.depositId}`;
    case 'refund':
      return `${DEEP_LINK_SCHEME}://refund/${target.refundId}`;
    case 'cashout':
      return `${DEEP_LINK_SCHEME}://cashout/${target.cashoutId}`;
    case 'sub-merchant':
      return `${DEEP_LINK_SCHEME}://sub-merchant/${target.subMerchantId}`;
    case 'cashout-external':
      return `${DEEP_LINK_SCHEME}://cashout-external/${encodeURIComponent(target.externalId)}`;
    case 'approval':
      return `${DEEP_LINK_SCHEME}://approval/${target.requestId}`;
    case 'search':
      return `${DEEP_LINK_SCHEME}://search?q=${encodeURIComponent(target.text.trim())}`;
  }
}
