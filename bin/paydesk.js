#!/usr/bin/env node
// The `paydesk` command of a repository checkout (`npx paydesk`): always the TypeScript sources,
// through tsx's ESM loader, so it can never run a bundle older than the code beside it. Installed
// apps run the bundle instead (out/cli, built by `npm run build`; resources/cli/paydesk).
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/index.ts');
