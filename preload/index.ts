import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('paydesk', Object.freeze({}));
