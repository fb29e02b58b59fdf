import { app } from 'electron';
import { DEEP_LINK_SCHEME } from '../../shared/contract';

/**
 * Makes the operating system hand `paydesk://` links to this app (Windows writes it into the
 * registry, Linux asks xdg-settings, macOS Launch Services; the packaged app also declares the
 * scheme in its Info.plist and .desktop file, electron-builder.config.ts `protocols`). Packaged
 * builds only: a development run must not take the desktop's links away from the installed app.
 * Thin on purpose: which argument is the link and what it names are main/core/deep-links.ts's.
 * Electronegativity flags PROTOCOL_HANDLER_JS_CHECK here; accepted in
 * .ci/electronegativity/accepted.mjs because a link is only read, strictly, never run.
 */
export function claimLinkScheme(): boolean {
  return app.isPackaged && app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}
