/**
 * Hands a fetched file to the browser as a download: an object URL on a temporary `<a download>`.
 * Used for the files a plain link cannot fetch because the API wants the bearer token.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL only after the click returns: revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
