import type { Plugin } from 'vite';

/**
 * The dev server inlines React's fast-refresh preamble, which the strict CSP meta tag of
 * index.html would block; in dev the window's CSP header (main/page/policy.ts,
 * DEVELOPMENT_CONTENT_SECURITY_POLICY) governs alone. Builds keep the meta tag.
 */
export function devServerWithoutCspMeta(): Plugin {
  return {
    name: 'paydesk-dev-csp-meta',
    apply: 'serve',
    transformIndexHtml: (html: string) =>
      html.replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
  };
}
