import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../storage/atomic-file';

/**
 * The port of the embedded sandbox's receiver, kept in the data folder from one run to the next,
 * so the notification_url the console puts in a sandbox body is the same after a restart: a form
 * sent again under its kept idempotency key then sends the same body, not another one the
 * service would refuse as a different request (D6). Only a port, no secret; a file that cannot
 * be read is as if there were none, and a port that cannot be had again gives way to a new one.
 */
const RECEIVER_PORT_FILE = 'notification-receiver.json';

const keptPortSchema = z.strictObject({ port: z.number().int().min(1024).max(65_535) });

export async function readKeptReceiverPort(dataDir: string): Promise<number | undefined> {
  try {
    const text = await readFile(join(dataDir, RECEIVER_PORT_FILE), 'utf8');
    const kept = keptPortSchema.safeParse(JSON.parse(text));
    return kept.success ? kept.data.port : undefined;
  } catch {
    return undefined;
  }
}

export async function keepReceiverPort(dataDir: string, port: number): Promise<void> {
  await writeFileAtomically(join(dataDir, RECEIVER_PORT_FILE), `${JSON.stringify({ port })}\n`);
}
