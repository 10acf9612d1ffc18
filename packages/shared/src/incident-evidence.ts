import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/**
 * Evidence from the scene: photos the responder (or an admin) attaches to an incident's staff notes
 * and to its resolution log. Staff only: never on the public ticket nor in a resident's reports.
 *
 * `POST /api/incidents/{id}/evidence` (multipart/form-data) takes the field `purpose` (`note` or
 * `resolution`), for a note an optional `text`, and 1 to 5 files under `photos` (JPEG, PNG or WebP
 * by their bytes, 5 MB each). It answers 201 with the incident's detail.
 *
 * The limits are per incident (docs/decisions/019-incident-evidence-and-printouts.md): its staff notes carry at
 * most 5 photos in all, whichever notes they came with, and its resolution log at most 5. An upload
 * that would pass either is refused whole (413, naming how many may still be added).
 */

/** What a stored photo belongs to: the reporter's report, a staff note, or the resolution log. */
export const INCIDENT_PHOTO_PURPOSES = ['report', 'note', 'resolution'] as const;

export const EVIDENCE_PURPOSES = ['note', 'resolution'] as const;
export type EvidencePurpose = (typeof EVIDENCE_PURPOSES)[number];

export const EVIDENCE_LIMITS = {
  /** Photos on one incident's staff notes, all notes together. */
  notePhotosMax: 5,
  /** Photos on one incident's resolution log. */
  resolutionPhotosMax: 5,
  /** Files in one upload: never more than either allowance. */
  photosPerUpload: 5,
  photoMaxBytes: 5 * 1024 * 1024,
} as const;

/** The allowance of one purpose. */
export const evidenceAllowance = (purpose: EvidencePurpose): number =>
  purpose === 'note' ? EVIDENCE_LIMITS.notePhotosMax : EVIDENCE_LIMITS.resolutionPhotosMax;

/** The upload's text fields, as the server reads them from the multipart body. */
export const evidenceFieldsSchema = z.object({
  purpose: z.enum(EVIDENCE_PURPOSES, zodMessage(msg`purpose must be note or resolution`)),
  text: z.string().trim().max(2000, zodMessage(msg`Note must be at most 2,000 characters`)).optional(),
});
export type EvidenceFields = z.infer<typeof evidenceFieldsSchema>;
