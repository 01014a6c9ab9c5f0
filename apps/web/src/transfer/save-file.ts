/** Offers `text` as a download named `fileName`, as a link to it would. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the URL by the next task; it is not needed after.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
