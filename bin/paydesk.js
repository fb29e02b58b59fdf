#!/usr/bin/env node
// The `paydesk` command: runs the TypeScript CLI through tsx's ESM loader (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/index.ts');
