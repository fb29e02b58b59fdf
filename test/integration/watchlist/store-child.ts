/**
 * Run by shared-file.spec.ts, several at once on one watchlist file, as the CLI would be next to
 * the app: pins one refund (`pin <id>`) or drops an environment's pins (`forget <environment>`)
 * through the real store. Prints `ready` once loaded, changes the file when stdin says `go`.
 */
import { once } from 'node:events';
import { loadWatchlist, saveWatchlist } from '../../../main/core/watchlist/store';
import { storedRefund } from './store-samples';

const [filePath, action, argument] = process.argv.slice(2);
if (!filePath || !action || !argument) throw new Error('usage: store-child <file> pin|forget <argument>');

const loaded = await loadWatchlist(filePath, Date.now);
if (!loaded.ok) throw new Error(loaded.error.message);
const document = loaded.data.document;
process.stdout.write('ready\n');
await once(process.stdin, 'data');

if (action === 'pin') document.items.push(storedRefund('desk', argument));
else document.items = document.items.filter((item) => item.environmentId !== argument);
const saved = await saveWatchlist(filePath, document);
if (!saved.ok) throw new Error(saved.error.message);
