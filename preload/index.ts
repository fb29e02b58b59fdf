import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge, isResult, transportFailure } from './bridge';
import { DESKTOP_CHANNELS, EVENT_CHANNEL, type PaydeskDesktop, type Result } from '../shared/contract';

/**
 * The sandboxed preload (bundled to one CommonJS file: it may load only `electron`). It hands the
 * page `window.paydesk`, built from the contract's channel map by the shared factory, and
 * `window.paydeskDesktop` (the desktop shell's one call), and nothing else: no ipcRenderer, no
 * raw IPC event, no way to name a channel of its own.
 */
contextBridge.exposeInMainWorld(
  'paydesk',
  buildBridge({
    invoke: (channel, arg) => ipcRenderer.invoke(channel, arg),
    subscribe(listener) {
      // The IPC event (with its `sender`) stays here; only the message goes on.
      const forward = (_event: Electron.IpcRendererEvent, message: unknown): void => listener(message);
      ipcRenderer.on(EVENT_CHANNEL, forward);
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNEL, forward);
      };
    },
    failureKind: 'internal',
  }),
);

const desktop: PaydeskDesktop = Object.freeze({
  async showIdContextMenu({
    id,
    hasSelection,
  }: {
    id: string;
    hasSelection: boolean;
  }): Promise<Result<void>> {
    try {
      // Only the two plain fields cross, whatever else the page passed (main parses them again).
      const answer: unknown = await ipcRenderer.invoke(DESKTOP_CHANNELS.showIdContextMenu, {
        id: String(id),
        hasSelection: hasSelection === true,
      });
      if (isResult(answer)) return answer as Result<void>;
      return transportFailure('internal', 'The console answered something that is not a result.');
    } catch {
      return transportFailure('internal', 'The call did not reach the console.');
    }
  },
});
contextBridge.exposeInMainWorld('paydeskDesktop', desktop);
