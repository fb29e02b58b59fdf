export { withCallLog } from './call-log';
export { LOG_KEEP, logFilePaths, openLogFile, UNLOGGED, type AppLog } from './log-file';
export { REDACTED, redactFields, scrubText } from './redact';
