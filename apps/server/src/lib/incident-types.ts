import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentLocale, translate, type Locale } from './i18n.ts';

/**
 * The incident types a new barangay starts with (modules/settings/settings.service.ts), in a
 * language (decision 029), as the web shows them (apps/web/src/lib/incident-types.ts). The name
 * stays what is stored and sent to the API; a type the barangay named itself reads as written.
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

/** An incident type's name for people, by default in the language in use now. */
export function incidentTypeLabel(name: string, locale: Locale = currentLocale()): string {
  const standard = STANDARD_TYPES[name.trim().toLowerCase()];
  return standard ? translate(standard, locale) : name;
}
