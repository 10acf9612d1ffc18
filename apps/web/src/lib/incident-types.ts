import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The incident types a new barangay starts with (apps/server/src/modules/settings/settings.service.ts),
 * in the language on screen (docs/product.md §12). The name stays the value sent to the API and
 * kept on the report; a type the barangay named itself shows as written.
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

/** An incident type's name as shown. Read it during render, in a component that calls `useLingui()`. */
export function incidentTypeLabel(name: string): string {
  const standard = STANDARD_TYPES[name.trim().toLowerCase()];
  return standard ? i18n._(standard) : name;
}
