/**
 * A file the user opened, as text (UTF-8), read in the renderer with a FileReader: main gets the
 * text only (parseBatch), never a path, so the renderer needs no file-system access.
 */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file was not read as text.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}
