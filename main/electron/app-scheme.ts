import { app, protocol, type Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { PLAIN_TEXT, resolveRendererFile } from '../page/renderer-files';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appSchemeRequestPath,
  CONTENT_SECURITY_POLICY,
  DISABLED_CHROMIUM_FEATURES,
  type OwnPage,
  withDisabledFeatures,
} from '../page/policy';

/**
 * The paydesk:// scheme that serves the built renderer to the window (main/page/policy.ts says
 * why not file:// and what the scheme may do). Thin Electron glue around main/page/policy.ts and
 * main/page/renderer-files.ts; what only a machine with Electron can check (Chromium loading the
 * page's module scripts over it, and keeping their code cache) is listed in the issue notes.
 */

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/**
 * Turns off the Chromium features main/page/policy.ts lists, without which Chromium would not use the
 * scheme's code cache for the page's modules. Must run before the app is ready, as Chromium reads
 * its switches then.
 */
export function disableChromiumFeatures(): void {
  // Electronegativity's CUSTOM_ARGUMENTS_JS_CHECK flags any switch; accepted in
  // .ci/electronegativity/accepted.mjs: this one only turns a Chromium feature off.
  const existing = app.commandLine.getSwitchValue('disable-features');
  app.commandLine.appendSwitch(
    'disable-features',
    withDisabledFeatures(existing, DISABLED_CHROMIUM_FEATURES),
  );
}

/** Answers paydesk://app/… from the renderer folder of `page`, on this session only. */
export function serveBundle(session: Session, page: OwnPage): void {
  if (page.kind !== 'bundle') return;
  session.protocol.handle(APP_SCHEME, (request) =>
    answerAppRequest(page.rendererDir, request.method, request.url),
  );
}

/**
 * One answer of the scheme: the file with its type and our CSP, or a plain refusal.
 * @public the security checklist test (test/integration/security) calls it through a module namespace.
 */
export async function answerAppRequest(rendererDir: string, method: string, url: string): Promise<Response> {
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
  const refuse = (status: number, reason: string): Response =>
    new Response(reason, { status, headers: { ...headers, 'Content-Type': PLAIN_TEXT } });
  const path = appSchemeRequestPath(method, url);
  if (path === undefined) return refuse(404, 'Not found');
  const found = await resolveRendererFile(rendererDir, path);
  if (found.kind === 'refused') return refuse(found.status, found.reason);
  try {
    const body = await readFile(found.path);
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'Content-Type': found.contentType },
    });
  } catch {
    return refuse(404, 'Not found');
  }
}
