import type { SmsThreadStatus } from '@bantay/shared';
import type { Tone } from '@/components/Chip.tsx';

/**
 * The inbox's rules, pure so they are tested without a screen: which steps a thread allows, and how
 * many text messages a reply costs.
 */

export type InboxAction = 'incident' | 'reply' | 'dismiss' | 'block' | 'unblock';

/**
 * An open thread waits for a decision: make an incident of it, answer, dismiss or block. A closed
 * one (dismissed, ticketed) can still be answered or its number blocked; a blocked one only
 * unblocked, since its texts are dropped and a reply would start a conversation the admin ended.
 */
export function inboxActions(status: SmsThreadStatus): InboxAction[] {
  switch (status) {
    case 'open':
      return ['incident', 'reply', 'dismiss', 'block'];
    case 'dismissed':
    case 'ticketed':
      return ['reply', 'block'];
    case 'blocked':
      return ['unblock'];
  }
}

export const THREAD_TONES: Record<SmsThreadStatus, Tone> = {
  open: 'warning',
  dismissed: 'neutral',
  ticketed: 'success',
  blocked: 'danger',
};

// The GSM 03.38 basic set and its extension (each extension character costs two).
/* eslint-disable lingui/no-unlocalized-strings -- an alphabet, not prose */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * How many text messages a reply is sent as: 160 characters in one (153 each when split) in the
 * GSM-7 alphabet, 70 (67) when any character is outside it, as an ñ is not, but an emoji or a
 * curly quote is. The counter under the reply box shows it, so an admin sees a reply grow costly.
 */
export function smsSegments(text: string): { segments: number; unicode: boolean } {
  if (text.length === 0) return { segments: 0, unicode: false };
  let units = 0;
  let unicode = false;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) units += 1;
    else if (GSM7_EXTENDED.includes(char)) units += 2;
    else {
      unicode = true;
      break;
    }
  }
  if (unicode) {
    // UCS-2 counts UTF-16 units: an emoji takes two.
    const length = text.length;
    return { segments: length <= 70 ? 1 : Math.ceil(length / 67), unicode };
  }
  return { segments: units <= 160 ? 1 : Math.ceil(units / 153), unicode };
}


/**
 * "3 minutes ago", "2 hours ago", "yesterday": how long since the gateway phone was last heard
 * from, in the language on screen (Intl knows Filipino's words).
 */
export function sinceText(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}
