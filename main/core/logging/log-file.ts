import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import { redactFields, scrubText } from './redact';

/**
 * The desktop app's log: JSON lines written by pino into `<dir>/main.log`, rotated by size by
 * rotating-file-stream in its logrotate mode (main.log → main.1.log → … main.<keep>.log, the
 * oldest dropped). The pino instance stays inside this module: the only way in is AppLog, whose
 * every field goes through redactFields and whose event text goes through scrubText (redact.ts).
 * Pure Node, so tests and the CLI can use it.
 */

interface LogFileOptions {
  /** The folder (the app passes `app.getPath('logs')`); created when missing. */
  dir: string;
  /** File name without `.log`. */
  name?: string;
  /** Size past which the file is rotated (the line that crosses it still goes in). */
  maxBytes?: number;
  /** Rotated files kept besides the current one, at least 1. */
  keep?: number;
}

type LogFields = Readonly<Record<string, unknown>>;

export interface AppLog {
  /** The current file, or null when the folder could not be written (the app runs on unlogged). */
  readonly file: string | null;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** Settles once every entry written before it is on disk and the file is closed. */
  close(): Promise<void>;
}

const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP = 3;
/** The longest a close waits for the file before the app quits anyway. */
const CLOSE_WAIT_MS = 2_000;

/** `main.log` for the current file, `main.<n>.log` for the n-th rotated one (1 is the newest). */
function logFileName(name: string, rotated?: number): string {
  return rotated === undefined ? `${name}.log` : `${name}.${rotated}.log`;
}

/** The current file first, then the rotated ones, oldest last. */
export function logFilePaths(dir: string, name = 'main', keep = LOG_KEEP): string[] {
  return [
    join(dir, logFileName(name)),
    ...Array.from({ length: keep }, (_, index) => join(dir, logFileName(name, index + 1))),
  ];
}

/** A log that writes nothing (no logs folder on this system). */
export const UNLOGGED: AppLog = {
  file: null,
  info() {},
  warn() {},
  error() {},
  close: async () => {},
};

function openRotatingStream(dir: string, name: string, maxBytes: number, keep: number): RotatingFileStream {
  // In logrotate mode (`rotate`) the generator gets the rotated file's number, or null for the
  // current file; the library closes the file before renaming it, which Windows requires.
  return createStream(
    (rotated: number | Date | null) => logFileName(name, typeof rotated === 'number' ? rotated : undefined),
    { path: dir, size: `${Math.max(1, Math.floor(maxBytes))}B`, rotate: Math.max(1, keep), mode: 0o600 },
  );
}

export function openLogFile({
  dir,
  name = 'main',
  maxBytes = LOG_MAX_BYTES,
  keep = LOG_KEEP,
}: LogFileOptions): AppLog {
  const [current] = logFilePaths(dir, name, 0);
  try {
    // The library opens its file asynchronously; whether the app runs logged is decided here,
    // at once, and the file is created owner-only before the library appends to it.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    closeSync(openSync(current as string, 'a', 0o600));
  } catch (error) {
    // Logging must never stop the app; the reason goes to the console (no path: it names the user).
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
    console.warn(`paydesk: the log file could not be opened (${code}); running without one`);
    return UNLOGGED;
  }

  // A stream that failed (a rotation it could not finish, a full disk) is dropped and the next
  // entry opens a new one: the library writes through a file handle, never a bare descriptor
  // number, so a dropped stream cannot write into a file the process opened since.
  let stream: RotatingFileStream | undefined;
  const open = (): RotatingFileStream => {
    const opened = openRotatingStream(dir, name, maxBytes, keep);
    opened.on('error', () => {
      if (stream === opened) stream = undefined;
    });
    stream = opened;
    return opened;
  };
  open();

  let closed = false;
  const logger = pino(
    {
      // No pid or hostname: the host name can name the user, and one process writes the file.
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'event',
      formatters: { level: (label) => ({ level: label }) },
    },
    {
      write(line: string) {
        if (closed) return;
        // A full disk or a removed folder: the entry is lost, the app goes on.
        (stream ?? open()).write(line);
      },
    },
  );

  const at =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: LogFields = {}): void => {
      logger[level](redactFields(fields), scrubText(event));
    };

  return {
    file: current ?? null,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    async close() {
      if (closed) return;
      closed = true;
      const last = stream;
      stream = undefined;
      if (last === undefined) return;
      // end() calls back once the queued entries are written and the file closed, or with the
      // stream's error; either way there is nothing more to wait for. The app quits after this,
      // so a stream that never answers (a hung network drive) holds the quit at most a moment.
      await new Promise<void>((resolve) => {
        setTimeout(resolve, CLOSE_WAIT_MS).unref();
        last.end(() => resolve());
      });
    },
  };
}
