import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { redactFields, scrubText } from './redact';

/**
 * The desktop app's log: JSON lines written by pino into `<dir>/main.log`, rotated by size
 * (main.log → main.1.log → … main.<keep>.log, the oldest dropped). The pino instance stays inside
 * this module: the only way in is AppLog, whose every field goes through redactFields and whose
 * event text goes through scrubText (redact.ts). Pure Node, so tests and the CLI can use it.
 */

export interface LogFileOptions {
  /** The folder (the app passes `app.getPath('logs')`); created when missing. */
  dir: string;
  /** File name without `.log`. */
  name?: string;
  /** Size at which the file is rotated. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
}

type LogFields = Readonly<Record<string, unknown>>;

export interface AppLog {
  /** The current file, or null when the folder could not be written (the app runs on unlogged). */
  readonly file: string | null;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  close(): void;
}

const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_KEEP = 3;

/** The current file first, then the rotated ones, oldest last. */
export function logFilePaths(dir: string, name = 'main', keep = LOG_KEEP): string[] {
  return [
    join(dir, `${name}.log`),
    ...Array.from({ length: keep }, (_, index) => join(dir, `${name}.${index + 1}.log`)),
  ];
}

interface RotatingFile {
  write(text: string): void;
  close(): void;
}

function openRotatingFile(paths: readonly string[], maxBytes: number): RotatingFile {
  const [current] = paths;
  if (current === undefined) throw new Error('no log file path');
  // undefined after a failed rotation: never write through a closed descriptor, whose number the
  // process may already have given to another file.
  let fd: number | undefined = openSync(current, 'a', 0o600);
  let size = fstatSync(fd).size;

  const reopen = (): void => {
    fd = openSync(current, 'a', 0o600);
    size = fstatSync(fd).size;
  };
  const rotate = (): void => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    for (let index = paths.length - 1; index > 0; index -= 1) {
      try {
        renameSync(paths[index - 1] as string, paths[index] as string);
      } catch {
        // A rotated file that does not exist yet.
      }
    }
    reopen();
  };

  return {
    write(text) {
      const bytes = Buffer.byteLength(text);
      if (fd === undefined) reopen();
      else if (size > 0 && size + bytes > maxBytes) rotate();
      if (fd === undefined) return;
      writeSync(fd, text);
      size += bytes;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** A log that writes nothing (no logs folder on this system). */
export const UNLOGGED: AppLog = {
  file: null,
  info() {},
  warn() {},
  error() {},
  close() {},
};

export function openLogFile({
  dir,
  name = 'main',
  maxBytes = LOG_MAX_BYTES,
  keep = LOG_KEEP,
}: LogFileOptions): AppLog {
  const paths = logFilePaths(dir, name, keep);
  let file: RotatingFile;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    file = openRotatingFile(paths, maxBytes);
  } catch (error) {
    // Logging must never stop the app; the reason goes to the console (no path: it names the user).
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
    console.warn(`paydesk: the log file could not be opened (${code}); running without one`);
    return UNLOGGED;
  }

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
        try {
          file.write(line);
        } catch {
          // A full disk or a removed folder: the entry is lost, the app goes on.
        }
      },
    },
  );

  const at =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: LogFields = {}): void => {
      logger[level](redactFields(fields), scrubText(event));
    };

  return {
    file: paths[0] ?? null,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    close() {
      if (closed) return;
      closed = true;
      try {
        file.close();
      } catch {
        // Already gone.
      }
    },
  };
}
