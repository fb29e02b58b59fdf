import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge';
import { EVENT_CHANNEL } from './contract';

/**
 * The sandboxed preload (bundled to one CommonJS file: it may load only `electron`). It hands the
 * page `window.paydesk`, built from the contract's channel map by the shared factory, and nothing
 * else: no ipcRenderer, no raw IPC event, no way to name a channel of its own.
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
