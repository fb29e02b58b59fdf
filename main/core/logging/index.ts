export { withCallLog } from './call-log';
export {
  LOG_KEEP,
  LOG_MAX_BYTES,
  logFilePaths,
  openLogFile,
  UNLOGGED,
  type AppLog,
  type LogFields,
  type LogFileOptions,
} from './log-file';
export { LOGGED_FIELDS, REDACTED, redactFields, scrubText, type LogValue } from './redact';
