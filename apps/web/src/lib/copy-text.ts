/**
 * Copies text to the clipboard; false when the browser would not. The report's ticket, the calendar
 * feed's address and the values shown only once (components/ShownOnceValue.tsx) copy through here.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // The clipboard API needs a secure context; a LAN install on plain http falls back to this.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
