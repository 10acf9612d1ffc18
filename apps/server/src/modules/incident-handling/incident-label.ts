import { t } from '@lingui/core/macro';
import type { IncidentRow } from '../../db/schema/index.ts';
import { incidentTypeLabel } from '../../lib/incident-types.ts';

/**
 * "Incident IR-… (Theft near the chapel)": the keyword puts it under the incidents chip. A
 * confidential case names neither what nor where: notices reach phones' lock screens, and a tanod
 * it is taken from keeps the notices they already had.
 */
export function incidentLabel(incident: Pick<IncidentRow, 'ticket' | 'type' | 'landmark' | 'address' | 'classification' | 'confidential'>): string {
  // In the language the notification is being written in (notifications.service.ts `inEveryLanguage`).
  const { ticket } = incident;
  const emergency = incident.classification === 'emergency';
  if (incident.confidential) return emergency ? t`Emergency incident ${ticket} (confidential case)` : t`Incident ${ticket} (confidential case)`;
  const type = incidentTypeLabel(incident.type);
  const place = (incident.landmark ?? incident.address ?? '').slice(0, 80);
  if (place) return emergency ? t`Emergency incident ${ticket} (${type} near ${place})` : t`Incident ${ticket} (${type} near ${place})`;
  return emergency ? t`Emergency incident ${ticket} (${type})` : t`Incident ${ticket} (${type})`;
}

