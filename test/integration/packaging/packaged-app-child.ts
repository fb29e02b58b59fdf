import '../../unit/electron/electron-loader';

/**
 * Child process of packaged-switches.spec.ts: runs main/index.ts against the stand-in electron
 * module with `app.isPackaged` as argv[2] says ("packaged" or "unpackaged"), then prints what the
 * composition chose. A process of its own, because main/index.ts runs once per module graph.
 */
const fake = await import('../../unit/electron/fake-electron');
fake.app.isPackaged = process.argv[2] === 'packaged';
await import('../../../main/index');
// main/index.ts builds the window once app.whenReady() resolves.
await new Promise((resolve) => setTimeout(resolve, 0));
const window = fake.BrowserWindow.created[0];
process.stdout.write(
  JSON.stringify({
    userData: fake.app.getPath('userData'),
    loaded: window?.loaded ?? null,
    protocolClients: fake.app.protocolClients,
  }),
);
process.exit(0);
