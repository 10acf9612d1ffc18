import crypto from 'node:crypto';
import { TICKET_ALPHABET, type IncidentClassification } from '@bantay/shared';

/**
 * A new ticket, `IR-XXXX-XXXX` or `ER-XXXX-XXXX`: 8 characters from a 31-letter alphabet without
 * look-alikes, from the CSPRNG (about 40 bits). The ticket is the only key to a public lookup,
 * which is also rate-limited per IP, so guessing a live one is impractical.
 */
export function newTicket(classification: IncidentClassification): string {
  const pick = () => TICKET_ALPHABET[crypto.randomInt(0, TICKET_ALPHABET.length)]!;
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `${classification === 'emergency' ? 'ER' : 'IR'}-${group()}-${group()}`;
}
