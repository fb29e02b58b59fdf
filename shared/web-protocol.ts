/**
 * The browser build's wire format between the page (preload/web-bridge.ts) and the web bridge
 * server (main/web/server.ts). It lives in shared/, beside the contract, because both ends need it
 * and neither may import the other; import-free (types and constants) like the contract.
 *
 * One WebSocket per page at BRIDGE_PATH, opened with `?token=…` (the page reads the token from
 * its URL fragment `#token=…`, which browsers never send to a server). JSON text frames:
 *   page → server  { id, channel, arg }           one call of the contract
 *   server → page  { type: 'result', id, result } its Result (id null when the frame was unreadable)
 *   server → page  { type: 'event', name, payload } a runtime event (ConsoleEvents)
 */

export const BRIDGE_PATH = '/bridge';
export const BRIDGE_SCRIPT_PATH = '/paydesk-bridge.js';
/** The URL fragment parameter (page) and query parameter (socket) carrying the access token. */
export const TOKEN_PARAMETER = 'token';

export type BridgeServerFrame =
  { type: 'result'; id: number | null; result: unknown } | { type: 'event'; name: string; payload: unknown };
