/** Hands a file to the browser's downloads (an exported report, a CSV, a receipt). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the URL is released once it has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
export function attachmentName(response: Response, fallback: string): string {
  return /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}
