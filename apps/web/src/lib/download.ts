/** Saves `text` as a file named `fileName` through a temporary link (the browser's own download). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after `click()` returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
