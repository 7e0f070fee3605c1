/**
 * Puts text on the clipboard. False where the browser offers no clipboard (a page not served over HTTPS) or
 * refuses: the caller then says so, or shows the text to copy by hand — never nothing at all.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
