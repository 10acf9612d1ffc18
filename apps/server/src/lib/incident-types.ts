import { incidentTypeText } from '@bantay/shared';
import { currentLocale, translate, type Locale } from './i18n.ts';

/**
 * An incident type's name for people, by default in the language in use now; the words are the
 * shared vocabulary's (packages/shared/src/incident-types.ts), the ones the web shows. The server
 * names the language when it writes to someone else (an SMS in the reporter's language).
 */
export function incidentTypeLabel(name: string, locale: Locale = currentLocale()): string {
  return translate(incidentTypeText(name), locale);
}
