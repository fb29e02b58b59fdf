import {
  CHANNELS,
  CONSOLE_EVENT_NAMES,
  ERROR_KINDS,
  type ConsoleApi,
  type ConsoleEventName,
  type ConsoleEvents,
  type ErrorKind,
  type PaydeskBridge,
  type Result,
} from '../shared/contract';

/**
 * The one factory behind `window.paydesk`, in Electron (preload/index.ts, over IPC) and in
 * the browser build (preload/web-bridge.ts over a WebSocket). Both only supply a transport, so
 * the page sees the same object, generated from the contract's CHANNELS map, whatever carries it.
 *
 * Imports only the contract: the sandboxed preload can load nothing but `electron` and what the
 * bundler inlines, and the web bridge runs in a plain page.
 */

/** An event as main pushes it on EVENT_CHANNEL. */
interface BridgeEventMessage {
  name: string;
  payload: unknown;
}

export interface BridgeTransport {
  /** Sends one call; resolves with what came back (checked here to be a Result) or rejects. */
  invoke(channel: string, arg: unknown): Promise<unknown>;
  /** Hands every event message to `listener` until the returned function is called. */
  subscribe(listener: (message: unknown) => void): () => void;
  /**
   * The kind a failed transport answers with: `internal` for IPC (main answers every call it
   * handles, and when main stops the window goes with it, so a failure is a bug),
   * `console_unreachable` for the web bridge's socket (its server can really go away).
   */
  failureKind: Extract<ErrorKind, 'internal' | 'console_unreachable'>;
  /**
   * True once the transport can never reach the console again (the web bridge's socket closed).
   * A `consoleUnreachable` listener that comes later still hears it. Absent: it never happens.
   */
  lost?: () => boolean;
}

const errorKinds: ReadonlySet<string> = new Set(ERROR_KINDS);
const eventNames: ReadonlySet<string> = new Set(CONSOLE_EVENT_NAMES);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape every answer must have before the page sees it; anything else is a transport bug. */
export function isResult(value: unknown): value is Result<unknown> {
  if (!isRecord(value)) return false;
  if (value.ok === true) return 'data' in value;
  if (value.ok !== false || !isRecord(value.error)) return false;
  return (
    typeof value.error.kind === 'string' &&
    errorKinds.has(value.error.kind) &&
    typeof value.error.message === 'string'
  );
}

export const transportFailure = (kind: ErrorKind, message: string): Result<never> => ({
  ok: false,
  error: { kind, message },
});

/** Whether a message from the transport is an event the page may be told about. */
function asEvent(message: unknown): BridgeEventMessage | undefined {
  if (!isRecord(message) || typeof message.name !== 'string' || !eventNames.has(message.name)) return;
  return { name: message.name, payload: message.payload };
}

interface BridgeOptions {
  /**
   * Where an exception thrown by a page's event listener goes. By default it is rethrown on its
   * own (an uncaught error in the page's console), after the other listeners have run.
   */
  reportListenerError?: (error: unknown) => void;
}

const rethrowLater = (error: unknown): void =>
  queueMicrotask(() => {
    throw error;
  });

export function buildBridge(
  transport: BridgeTransport,
  { reportListenerError = rethrowLater }: BridgeOptions = {},
): PaydeskBridge {
  const call = async (channel: string, arg: unknown): Promise<Result<unknown>> => {
    let answer: unknown;
    try {
      answer = await transport.invoke(channel, arg);
    } catch (error) {
      // The reason can carry a transport detail but never an argument value (the transports
      // build their own messages), so it is safe to show.
      const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
      return transportFailure(transport.failureKind, `The call did not reach the console${reason}.`);
    }
    if (isResult(answer)) return answer;
    return transportFailure('internal', 'The console answered something that is not a result.');
  };

  const methods: Record<string, unknown> = {};
  for (const [method, channel] of Object.entries(CHANNELS)) {
    methods[method] = (arg: unknown) => call(channel, arg);
  }

  // One transport subscription shared by every listener (opened with the first, closed with the
  // last), so a page with many subscribers does not pile listeners onto the IPC channel.
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  let closeSubscription: (() => void) | undefined;
  const fanOut = (message: unknown): void => {
    const received = asEvent(message);
    if (!received) return;
    for (const listener of [...listeners]) {
      try {
        listener(received);
      } catch (error) {
        // One failing listener must not starve the others.
        reportListenerError(error);
      }
    }
  };

  function on<E extends ConsoleEventName>(
    event: E,
    listener: (payload: ConsoleEvents[E]) => void,
  ): () => void {
    // A wrong name or listener is a bug in the page, found at once rather than never called.
    if (!eventNames.has(event)) throw new TypeError(`paydesk.on: unknown event "${String(event)}"`);
    if (typeof listener !== 'function') throw new TypeError('paydesk.on: the listener must be a function');
    // The payload alone: the page never holds the raw IPC event (nor its `sender`).
    const entry = (received: BridgeEventMessage): void => {
      if (received.name === event) listener(received.payload as ConsoleEvents[E]);
    };
    listeners.add(entry);
    closeSubscription ??= transport.subscribe(fanOut);
    // A lasting condition, not a moment: a listener that comes after it is still told.
    if (event === 'consoleUnreachable' && transport.lost?.()) {
      queueMicrotask(() => {
        if (!listeners.has(entry)) return;
        try {
          entry({ name: event, payload: {} });
        } catch (error) {
          reportListenerError(error);
        }
      });
    }
    return () => {
      if (!listeners.delete(entry) || listeners.size > 0) return;
      const close = closeSubscription;
      closeSubscription = undefined;
      close?.();
    };
  }

  // Built as a plain object literal (Object.prototype, no getters), then frozen: the page can
  // neither replace a method nor add one that main would answer.
  const bridge = Object.freeze({ ...methods, on }) as unknown as ConsoleApi & { on: typeof on };
  return bridge;
}
