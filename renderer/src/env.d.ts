/// <reference types="vite/client" />
import type { PaydeskBridge } from '../../preload/contract';

declare global {
  interface Window {
    /** Set by the preload (Electron) or the web bridge (browser build) before the app script runs. */
    readonly paydesk: PaydeskBridge | undefined;
  }
}

export {};
