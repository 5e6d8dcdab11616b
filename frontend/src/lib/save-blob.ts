/** Hands a blob to the browser as a download under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has read the URL; revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a file from a short-lived link (a presigned GET) and hands it to the browser under `fileName`. */
export async function saveFromLink(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the file answered ${response.status}`);
  saveBlob(await response.blob(), fileName);
}
