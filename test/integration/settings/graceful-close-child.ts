/**
 * Run in a child process by file-store.spec.ts. Installs a graceful close on SIGINT that takes a
 * while (as the web bridge's does when it stops a running batch), then writes the settings
 * through the real file store, which loads conf and with it `when-exit`, as the bridge's first
 * request does. Prints `ready`, then `closed`.
 */
import { createFileSettingsStore } from '../../../main/core/settings/file-settings-store';
import { firstRunDocument } from '../../../main/core/settings/schema';

const [filePath] = process.argv.slice(2);
if (!filePath) throw new Error('usage: graceful-close-child <file>');

// Nothing else keeps the process alive until the close has run.
const keepAlive = setInterval(() => {}, 1_000);
process.once('SIGINT', () => {
  setTimeout(() => {
    process.stdout.write('closed\n');
    clearInterval(keepAlive);
  }, 300);
});

const written = await createFileSettingsStore(filePath).write(firstRunDocument());
if (!written.ok) throw new Error(written.error.message);
process.stdout.write('ready\n');
