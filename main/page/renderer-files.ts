import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

/**
 * Where a request for the built renderer leads: one of its files with its content type, or a
 * refusal. Shared by the two servers of the page: the web bridge's HTTP server (main/web) and the
 * desktop app's paydesk:// scheme (main/electron/app-scheme.ts), hence main/page and not main/core
 * (the console core knows nothing of the page). Nothing outside the renderer folder is ever
 * answered, whatever the path's dots or percent-encoding.
 */

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export const PLAIN_TEXT = CONTENT_TYPES['.txt'] ?? 'text/plain';

type RendererFile =
  | { kind: 'file'; path: string; contentType: string }
  | { kind: 'refused'; status: 400 | 404; reason: string };

/**
 * The file for `pathname` (a URL's path, still percent-encoded) in `rendererDir`. A path without
 * an extension that names no file is a route of the single-page app: its index.html.
 */
export async function resolveRendererFile(rendererDir: string, pathname: string): Promise<RendererFile> {
  const root = resolve(rendererDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'refused', status: 400, reason: 'Bad path' };
  }
  const file = resolve(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep))
    return { kind: 'refused', status: 404, reason: 'Not found' };
  const isFile = await stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
  const target = isFile ? file : extname(decoded) === '' ? join(root, 'index.html') : undefined;
  if (!target) return { kind: 'refused', status: 404, reason: 'Not found' };
  return {
    kind: 'file',
    path: target,
    contentType: CONTENT_TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream',
  };
}
