import { StringDecoder } from 'node:string_decoder';
import type { JsonValue, Result } from '../../shared/contract';
import { readBoundedInput, readBoundedStream, type InputLimit } from '../core/storage/bounded-read';
import type { Writable } from './output';

/**
 * Reads stdin whole, up to `limit` bytes (main/core/storage/bounded-read.ts): more is refused as
 * soon as it arrives, so a stream without an end cannot fill the memory.
 */
export async function readStdin(
  stdin: AsyncIterable<string | Uint8Array>,
  limit: number,
  field: string,
  advice = 'is it the right input?',
): Promise<Result<string>> {
  const bytes = await readBoundedStream(stdin, { maxBytes: limit, field, advice });
  return bytes.ok ? { ok: true, data: bytes.data.toString('utf8') } : bytes;
}

/** A file named on the command line, or stdin for `-`, as text: bounded as readStdin is. */
export async function readInputText(
  source: string,
  stdin: AsyncIterable<string | Uint8Array>,
  limit: InputLimit,
): Promise<Result<string>> {
  const bytes = await readBoundedInput(source, stdin, limit);
  return bytes.ok ? { ok: true, data: bytes.data.toString('utf8') } : bytes;
}

/** Records are JSON from the service; this gives them the JSON type for printing. */
export const asJson = (record: unknown): JsonValue => JSON.parse(JSON.stringify(record ?? null)) as JsonValue;

/** A terminal that can stop echoing what is typed (process.stdin at a terminal). */
interface HidingTerminal extends AsyncIterable<string | Uint8Array> {
  isTTY: true;
  setRawMode(raw: boolean): unknown;
}

/** Only a real terminal is asked; a pipe or a file is read whole, as before. */
export function hidesTyping(stdin: AsyncIterable<string | Uint8Array>): stdin is HidingTerminal {
  return (
    'isTTY' in stdin &&
    stdin.isTTY === true &&
    'setRawMode' in stdin &&
    typeof stdin.setRawMode === 'function'
  );
}

/** Arrow keys, function keys and Alt+key arrive as escape sequences: none is part of a secret. */
// eslint-disable-next-line no-control-regex
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)?/gs;

/**
 * Asks for one line with the terminal's echo off (raw mode), so a secret never shows on screen or
 * in the scroll-back. The echo goes off before the prompt shows, so nothing typed after it is
 * echoed. Enter ends the line; Backspace and Ctrl-U edit it; Ctrl-C cancels (raw mode makes it a
 * byte rather than a signal); Ctrl-D on an empty line ends it.
 */
export async function askHidden(
  stdin: HidingTerminal,
  out: Writable,
  prompt: string,
  limit: number,
  field: string,
): Promise<Result<string>> {
  const lines = await askHiddenLines(stdin, out, [prompt], limit, field);
  return lines.ok ? { ok: true, data: lines.data[0] ?? '' } : lines;
}

/**
 * askHidden for several lines in a row (a new password, then again to confirm it), on one
 * reading of the terminal: keys typed ahead of the second prompt belong to its line.
 */
export async function askHiddenLines(
  stdin: HidingTerminal,
  out: Writable,
  prompts: readonly string[],
  limit: number,
  field: string,
): Promise<Result<string[]>> {
  const decoder = new StringDecoder('utf8');
  const iterator = stdin[Symbol.asyncIterator]();
  const lines: string[] = [];
  let typed: string[] = [];
  let bytes = 0;
  /** Keys read but not yet taken: what followed an Enter in the same chunk. */
  let pending: string[] = [];
  let ended = false;
  stdin.setRawMode(true);
  try {
    for (const [index, prompt] of prompts.entries()) {
      // The Enter typed was not echoed: each prompt after the first starts on a line of its own.
      if (index > 0) out.write('\n');
      out.write(prompt);
      typed = [];
      bytes = 0;
      line: for (;;) {
        if (pending.length === 0) {
          if (ended) break;
          const next = await iterator.next();
          if (next.done) {
            ended = true;
            break;
          }
          const chunk = next.value;
          const text = typeof chunk === 'string' ? chunk : decoder.write(Buffer.from(chunk));
          pending = [...text.replace(ESCAPE_SEQUENCE, '')];
          continue;
        }
        const char = pending.shift() ?? '';
        if (char === '\r' || char === '\n') break;
        if (char === '\u0003') {
          return { ok: false, error: { kind: 'cancelled', message: 'Cancelled: nothing was stored.' } };
        }
        if (char === '\u0004') {
          if (typed.length === 0) break line;
        } else if (char === '\u007f' || char === '\b') {
          bytes -= Buffer.byteLength(typed.pop() ?? '');
        } else if (char === '\u0015') {
          typed = [];
          bytes = 0;
        } else if ((char.codePointAt(0) ?? 0) >= 0x20) {
          typed.push(char);
          bytes += Buffer.byteLength(char);
          if (bytes > limit) {
            return {
              ok: false,
              error: { kind: 'validation', field, message: `${field}: longer than ${limit} bytes` },
            };
          }
        }
      }
      lines.push(typed.join(''));
    }
    return { ok: true, data: lines };
  } finally {
    // Echo back on before the stream is let go (a destroyed stream can no longer restore it).
    stdin.setRawMode(false);
    // The Enter typed was not echoed: the next output starts on a line of its own.
    out.write('\n');
    await iterator.return?.();
  }
}
