import { t } from '@lingui/core/macro';
import { evidenceAllowance, type EvidencePhoto, type EvidencePurpose, type IncidentDetail, type UserType } from '@bantay/shared';
import { dateTimeText } from './incident-format.ts';
import { fullName } from '@/lib/full-name.ts';

/**
 * The web's copy of who may attach photos from the scene (the server decides:
 * apps/server/src/modules/incidents/incidents.policy.ts canAttachEvidence): the incident's responder
 * or an admin. It only hides the picker.
 */
export function canAttachEvidence(user: { _id: string; userType: UserType } | null, incident: Pick<IncidentDetail, 'responder'>): boolean {
  if (!user) return false;
  if (user.userType === 'admin' || user.userType === 'supadmin') return true;
  return user.userType === 'tanod' && incident.responder?._id === user._id;
}

/** How many more photos the incident's notes (all together) or its resolution log may take. */
export function evidenceLeft(incident: Pick<IncidentDetail, 'evidence'>, purpose: EvidencePurpose): number {
  return Math.max(0, evidenceAllowance(purpose) - incident.evidence.filter((photo) => photo.purpose === purpose).length);
}

/** The photos that came with one note of the timeline. */
export function notePhotos(evidence: EvidencePhoto[] | undefined, eventId: string): EvidencePhoto[] {
  return (evidence ?? []).filter((photo) => photo.eventId === eventId);
}

/** Who attached a photo and when, under its full-size view (called while rendering, in the language on screen). */
export function evidenceCaption(photo: EvidencePhoto): string {
  const when = dateTimeText(photo.uploadedAt);
  if (!photo.uploadedBy) return t`Added by staff, ${when}`;
  const name = fullName(photo.uploadedBy);
  return t`Added by ${name}, ${when}`;
}
