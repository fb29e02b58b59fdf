/**
 * Hands text to the browser (or Electron) as a file download: a Blob behind an anchor with
 * `download`, so nothing is navigated to. Used by the audit and batch CSV exports.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: revoking at once can cancel a download the browser has not started reading.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
