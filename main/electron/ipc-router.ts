import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, DESKTOP_CHANNELS, EVENT_CHANNEL, type Result } from '../../shared/contract';
import type { AppLog } from '../core/logging';
import { decideSender, type IpcSenderFacts, type OwnPage } from '../page/policy';

/**
 * The one place with `ipcMain`. One `handle` per CHANNELS value; before the dispatcher (which
 * parses the argument with zod and runs the use-case) every call passes the sender gate of
 * main/page/policy.ts. Runtime events go to our window only, as `{ name, payload }` on EVENT_CHANNEL.
 */

type Dispatch = (channel: string, arg: unknown) => Promise<Result<unknown>>;

/** The part of the runtime's event bus the router forwards (main/core/console/events.ts). */
interface EventSource {
  onAny(listener: (name: string, payload: unknown) => void): () => void;
}

interface IpcRouterOptions {
  window: BrowserWindow;
  page: OwnPage;
  dispatch: Dispatch;
  events: EventSource;
  /** The desktop shell's own calls (DESKTOP_CHANNELS), behind the same gate; none when absent. */
  desktopDispatch?: Dispatch;
  /** Where refusals and throws are reported (the app's log file); the console when absent. */
  log?: RouterLog;
}

/** The part of the app's log the router writes to. */
type RouterLog = Pick<AppLog, 'warn' | 'error'>;

const consoleLog: RouterLog = {
  warn: (event, fields) => console.warn(`paydesk: ${event}`, fields),
  error: (event, fields) => console.error(`paydesk: ${event}`, fields),
};

const refused: Result<never> = {
  ok: false,
  error: { kind: 'not_permitted', message: 'This call was refused: it does not come from the Paydesk page.' },
};

const internalFailure: Result<never> = {
  ok: false,
  error: { kind: 'internal', message: 'The console failed while handling this call.' },
};

/** Registers every handler; the returned function removes them again. */
export function registerIpcRouter({
  window,
  page,
  dispatch,
  events,
  desktopDispatch,
  log = consoleLog,
}: IpcRouterOptions): () => void {
  const ownContentsId = window.webContents.id;

  /** The sending frame as the gate sees it; null when it is gone (reading a disposed frame throws). */
  const senderFrameFacts = (event: IpcMainInvokeEvent): IpcSenderFacts['frame'] => {
    try {
      const frame = event.senderFrame;
      if (!frame || frame.detached || window.isDestroyed()) return null;
      return {
        // By frame tree node (stable, unique in the browser process), not by wrapper object
        // identity; a main frame has no parent.
        isMainFrameOfOwnWindow:
          frame.parent === null && frame.frameTreeNodeId === window.webContents.mainFrame.frameTreeNodeId,
        url: frame.url,
      };
    } catch {
      return null;
    }
  };

  const handle = async (
    to: Dispatch,
    channel: string,
    event: IpcMainInvokeEvent,
    arg: unknown,
  ): Promise<Result<unknown>> => {
    const decision = decideSender(
      {
        channel,
        senderContentsId: event.sender.id,
        ownContentsId: window.isDestroyed() ? null : ownContentsId,
        frame: senderFrameFacts(event),
      },
      page,
    );
    if (!decision.trusted) {
      log.warn('refused a call', { channel, refusal: decision.reason });
      return refused;
    }
    try {
      return await to(channel, arg);
    } catch (error) {
      // The dispatcher answers Results; a throw is a bug. Only its name and message are logged
      // (never the argument, which may hold a credential being set).
      log.error('threw', {
        channel,
        errorName: error instanceof Error ? error.name : typeof error,
        detail: error instanceof Error ? error.message : '',
      });
      return internalFailure;
    }
  };

  const routes: Array<[string, Dispatch]> = [
    ...Object.values(CHANNELS).map((channel): [string, Dispatch] => [channel, dispatch]),
    ...(desktopDispatch
      ? Object.values(DESKTOP_CHANNELS).map((channel): [string, Dispatch] => [channel, desktopDispatch])
      : []),
  ];
  for (const [channel, to] of routes) {
    ipcMain.handle(channel, (event, arg: unknown) => handle(to, channel, event, arg));
  }

  const unsubscribe = events.onAny((name, payload) => {
    if (window.isDestroyed()) return;
    window.webContents.send(EVENT_CHANNEL, { name, payload });
  });

  return () => {
    unsubscribe();
    for (const [channel] of routes) ipcMain.removeHandler(channel);
  };
}
