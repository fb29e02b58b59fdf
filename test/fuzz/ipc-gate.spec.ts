import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { CHANNELS } from '../../shared/contract';
import { decideSender, ownPageUrl, type IpcSenderFacts, type OwnPage } from '../../main/page/policy';
import { fuzzRuns } from './support/channel-inputs';
import { unicodeText } from './support/hostile-values';

/**
 * The IPC router's Electron wiring cannot run here (no Electron binary), so its pure gate is
 * fuzzed instead: main/page/policy.ts decideSender, the one place every IPC call passes.
 * Property: a call is trusted exactly when it is on a Paydesk channel, from our window's main
 * frame, while that frame shows our own page; anything else is refused with a reason.
 */

const RUNS = fuzzRuns(1_000);
const PAGE: OwnPage = { kind: 'bundle', rendererDir: '/opt/Paydesk/resources/app.asar/out/renderer' };
const OWN_URL = ownPageUrl(PAGE);

const channel = fc.oneof(
  fc.constantFrom(...Object.values(CHANNELS)),
  fc.constantFrom('paydesk:', 'PAYDESK:deposits:get', ' paydesk:getDeposit', 'paydesk', 'electron:x', ''),
  unicodeText,
);
const url = fc.oneof(
  fc.constant(OWN_URL),
  fc.constantFrom(
    `${OWN_URL}#/deposits`,
    `${OWN_URL}?x=1`,
    'paydesk://app/other.html',
    'paydesk://app/assets/index.html',
    'paydesk://app/index.html/../index.html',
    'paydesk://evil/index.html',
    'paydesk://user@app/index.html',
    'PAYDESK://APP/index.html',
    'file:///opt/Paydesk/resources/app.asar/out/renderer/index.html',
    'https://evil.example/index.html',
    'about:blank',
    'data:text/html,<p>x',
    'javascript:alert(1)',
    '',
  ),
  fc.webUrl(),
  unicodeText,
);
/** paydesk://app/index.html, any query or fragment (the URL parser's normal form: case, dots). */
function showsOwnPage(candidate: string): boolean {
  if (!URL.canParse(candidate)) return false;
  const parsed = new URL(candidate);
  return (
    parsed.protocol === 'paydesk:' &&
    parsed.host === 'app' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.pathname === '/index.html'
  );
}

const facts: fc.Arbitrary<IpcSenderFacts> = fc.record({
  channel,
  senderContentsId: fc.integer({ min: -1, max: 4 }),
  ownContentsId: fc.option(fc.integer({ min: -1, max: 4 }), { nil: null }),
  frame: fc.option(fc.record({ isMainFrameOfOwnWindow: fc.boolean(), url }), { nil: null }),
});

test(`decideSender: ${RUNS} random senders, trusted exactly when every condition holds`, () => {
  let trusted = 0;
  fc.assert(
    fc.property(facts, (sender) => {
      const decision = decideSender(sender, PAGE);
      const shouldTrust =
        sender.channel.startsWith('paydesk:') &&
        sender.ownContentsId !== null &&
        sender.senderContentsId === sender.ownContentsId &&
        sender.frame !== null &&
        sender.frame.isMainFrameOfOwnWindow &&
        showsOwnPage(sender.frame.url);
      if (decision.trusted) trusted += 1;
      expect(decision.trusted, JSON.stringify(sender)).toBe(shouldTrust);
      if (!decision.trusted) expect(decision.reason.length).toBeGreaterThan(0);
    }),
    { numRuns: RUNS },
  );
  process.stdout.write(`fuzz ipc gate: ${RUNS} senders, ${trusted} trusted\n`);
  expect(trusted).toBeGreaterThan(0);
});
