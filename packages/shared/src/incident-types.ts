import { msg } from '@lingui/core/macro';
import { translate, type MessageDescriptor } from './i18n.ts';

/**
 * The incident types a new barangay starts with (apps/server/src/modules/settings/settings.service.ts),
 * in the language in use (decision 029; docs/product.md §12). The name stays what is stored and sent
 * to the API; a type the barangay named itself reads as written. The web and the server both show
 * them (the server in texts and alerts it sends), so the words live here, translated once.
 */
const STANDARD_TYPES: Record<string, MessageDescriptor> = {
  fire: msg`Fire`,
  'medical emergency': msg`Medical emergency`,
  'crime in progress': msg`Crime in progress`,
  'natural disaster': msg`Natural disaster`,
  accident: msg`Accident`,
  theft: msg`Theft`,
  'noise disturbance': msg`Noise disturbance`,
  vandalism: msg`Vandalism`,
  'suspicious person or activity': msg`Suspicious person or activity`,
  'public disturbance': msg`Public disturbance`,
  other: msg`Other`,
};

/** An incident type's words: a standard type's message, or a type the barangay named itself as written. */
export function incidentTypeText(name: string): MessageDescriptor | string {
  return STANDARD_TYPES[name.trim().toLowerCase()] ?? name;
}

/**
 * An incident type's name in the language in use now (on the web, the language on screen: read it
 * during render, in a component that calls `useLingui()`).
 */
export function incidentTypeLabel(name: string): string {
  const text = incidentTypeText(name);
  return typeof text === 'string' ? text : translate(text);
}
