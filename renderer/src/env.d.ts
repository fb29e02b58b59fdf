/// <reference types="vite/client" />
import type { PaydeskBridge, PaydeskDesktop } from '../../shared/contract';

declare global {
  interface Window {
    /** Set by the preload (Electron) or the web bridge (browser build) before the app script runs. */
    readonly paydesk: PaydeskBridge | undefined;
    /** Set by the Electron preload only: the desktop shell's context menu for marked ids. */
    readonly paydeskDesktop: PaydeskDesktop | undefined;
  }
}

export {};
