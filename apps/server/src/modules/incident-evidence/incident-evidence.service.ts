import { msg, plural, t } from '@lingui/core/macro';
import { incidentTypeLabel } from '../../lib/incident-types.ts';
import {
  EVIDENCE_LIMITS,
  evidenceAllowance,
  evidenceFieldsSchema,
  type EvidenceFields,
  type EvidencePurpose,
  type IncidentDetail,
  type IncidentStatus,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { IncidentRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { translate, type Text } from '../../lib/i18n.ts';
import type { Actor } from '../../http/actor.ts';
import { notify } from '../notifications/index.ts';
import {
  addIncidentEvent,
  canAttachEvidence,
  getIncident,
  incidentById,
  incidentChange,
  isHiddenFrom,
  markIncidentChanged,
} from '../incidents/index.ts';
import { findPersonRows } from '../users/index.ts';
import { countEvidence, insertEvidencePhotos, lockIncident } from './incident-evidence.repository.ts';
import { encodeIncidentPhoto, removeIncidentPhotos, writeIncidentPhotos, type EncodedPhoto } from '../files/index.ts';

/**
 * Evidence from the scene (docs/decisions/019-incident-evidence-and-printouts.md): photos the responder or an
 * admin attaches to the incident's staff notes or its resolution log, through the pipeline of the
 * report photos (modules/files/incident-photos.ts: checked by their bytes, re-encoded without metadata). Staff
 * only: the public ticket and a resident's reports read the reporter's photos alone.
 */

/** The resolution log takes photos while the incident is handled and once it is resolved. */
const RESOLUTION_STATUSES: readonly IncidentStatus[] = ['in_progress', 'resolved'];

// "field: problem", the problem in the request's language (decision 029).
const fieldError = (code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', field: string, message: Text) =>
  new AppError(code, `${field}: ${translate(message)}`, { fields: [{ field, message }] });


export interface EvidenceUpload {
  /** The multipart body's text fields, by name. */
  fields: Record<string, string>;
  /** The files under `photos`, in order. */
  files: Buffer[];
}

/** The multipart body's fields as the shared schema reads them; the first problem names its field. */
function readFields(raw: Record<string, string>): EvidenceFields {
  const unknown = Object.keys(raw).find((name) => name !== 'purpose' && name !== 'text');
  if (unknown) throw fieldError('VALIDATION_FAILED', unknown, msg`is not a field of this upload`);
  const parsed = evidenceFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError('VALIDATION_FAILED', String(issue.path[0] ?? 'purpose'), issue.message);
  }
  if (parsed.data.purpose === 'resolution' && parsed.data.text) {
    throw fieldError('VALIDATION_FAILED', 'text', msg`Only a note carries text; the resolution log is written when resolving`);
  }
  return { purpose: parsed.data.purpose, ...(parsed.data.text ? { text: parsed.data.text } : {}) };
}

/**
 * Who may add, to what, and how many: checked once before the photos are encoded (so a refusal
 * costs no work) and again under the incident's lock (so a change in between is seen).
 */
function assertMayAdd(actor: Actor, incident: IncidentRow, purpose: EvidencePurpose, already: number, adding: number): void {
  if (!canAttachEvidence(actor, incident)) throw forbidden(msg`Only the responding tanod or an admin can attach photos to this incident.`);
  if (purpose === 'resolution' && !RESOLUTION_STATUSES.includes(incident.status)) {
    const text =
      incident.status === 'pending'
        ? msg`This incident has no responder yet, so its resolution log takes no photos.`
        : msg`This incident is closed without a resolution, so its resolution log takes no photos.`;
    throw new AppError('CONFLICT', text, { details: { status: incident.status } });
  }
  const allowance = evidenceAllowance(purpose);
  if (already + adding > allowance) {
    const left = allowance - already;
    throw fieldError(
      'PAYLOAD_TOO_LARGE',
      'photos',
      purpose === 'note'
        ? msg`This incident's notes already have ${plural(already, { one: '# photo', other: '# photos' })} of ${allowance}: ${plural(left, { 0: 'no more can be added', one: '# more photo can be added', other: '# more photos can be added' })}`
        : msg`Its resolution log already has ${plural(already, { one: '# photo', other: '# photos' })} of ${allowance}: ${plural(left, { 0: 'no more can be added', one: '# more photo can be added', other: '# more photos can be added' })}`,
    );
  }
}

/** A cheap check before the body is read: unknown incidents and callers who may not attach at all. */
export async function checkEvidenceAccess(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const incident = await incidentById(deps.db, id);
  if (!incident || isHiddenFrom(actor, incident)) throw notFound(msg`Incident not found`);
  if (!canAttachEvidence(actor, incident)) throw forbidden(msg`Only the responding tanod or an admin can attach photos to this incident.`);
}

/**
 * `POST /api/incidents/{id}/evidence`: every photo is checked and re-encoded first; the files are
 * written, then the photos (and a note's timeline step) are stored in one transaction under the
 * incident's lock, which also counts what is there already. If anything fails the files written are
 * removed again, so a refused or failed upload leaves no trace.
 */
export async function attachEvidence(deps: AppDeps, actor: Actor, id: string, upload: EvidenceUpload): Promise<IncidentDetail> {
  const { purpose, text } = readFields(upload.fields);
  if (upload.files.length === 0) throw fieldError('VALIDATION_FAILED', 'photos', msg`Choose at least one photo`);
  if (upload.files.length > EVIDENCE_LIMITS.photosPerUpload) {
    const max = EVIDENCE_LIMITS.photosPerUpload;
    throw fieldError('PAYLOAD_TOO_LARGE', 'photos', msg`At most ${max} photos in one upload`);
  }
  const before = await incidentById(deps.db, id);
  if (!before || isHiddenFrom(actor, before)) throw notFound(msg`Incident not found`);
  assertMayAdd(actor, before, purpose, await countEvidence(deps.db, id, purpose), upload.files.length);

  const encoded: EncodedPhoto[] = [];
  for (const file of upload.files) encoded.push(await encodeIncidentPhoto(file));
  await writeIncidentPhotos(deps.files, encoded);
  const now = deps.clock.now();
  try {
    await inTransaction(deps.db, async (tx, afterCommit) => {
      const incident = await lockIncident(tx, id);
      if (!incident) throw notFound(msg`Incident not found`);
      assertMayAdd(actor, incident, purpose, await countEvidence(tx, id, purpose), encoded.length);
      const updated = (await markIncidentChanged(tx, id, now))!;
      const note =
        purpose === 'note' ? await addIncidentEvent(tx, { incidentId: id, at: now, kind: 'note', actorId: actor.id, detail: text ?? null }) : null;
      await insertEvidencePhotos(
        tx,
        // A millisecond apart, so the photos list in the order they were sent (the ids are random).
        encoded.map((photo, index) => ({
          id: photo.id,
          incidentId: id,
          width: photo.width,
          height: photo.height,
          bytes: photo.data.length,
          purpose,
          eventId: note?.id ?? null,
          uploadedById: actor.id,
          createdAt: new Date(now.getTime() + index),
        })),
      );
      const me = (await findPersonRows(tx, [actor.id])).get(actor.id);
      // Built in each recipient's language (notifications.service.ts `inEveryLanguage`).
      const message = () => {
        const who = me ? `${me.firstName} ${me.lastName}` : t`A staff member`;
        const count = encoded.length;
        const { ticket } = updated;
        const type = incidentTypeLabel(updated.type);
        return purpose === 'note'
          ? msg`${who} added a note with ${plural(count, { one: '# photo', other: '# photos' })} to incident ${ticket} (${type})`
          : msg`${who} added ${plural(count, { one: '# photo', other: '# photos' })} to the resolution of incident ${ticket} (${type})`;
      };
      const entity = { type: 'incident' as const, id };
      await notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'incident.note', entity, except: [actor.id] });
      if (updated.responderId && updated.responderId !== actor.id) {
        await notify(deps, tx, afterCommit, { userId: updated.responderId }, { message, kind: 'incident.note', entity });
      }
      afterCommit(() => deps.events.publish('incident.updated', incidentChange(updated)));
    });
  } catch (error) {
    await removeIncidentPhotos(
      deps.files,
      encoded.map((photo) => photo.id),
    );
    throw error;
  }
  return getIncident(deps, actor, id);
}
