import type { Job } from '../../lib/job.ts';
import { removeIncidentPhotos } from '../files/index.ts';
import { deleteUnclaimedPhotosBefore } from './unclaimed-photos.repository.ts';

/**
 * How long an uploaded photo waits for its report. `POST /api/public/photos` stores a photo before
 * the report that claims it, and a report claims only photos of the last hour
 * (`INCIDENT_LIMITS.photoClaimWindowMs`); one never claimed by then never will be. A day leaves
 * that window far behind while the file, which may show a face or a plate, does not stay for good.
 */
const UNCLAIMED_PHOTO_MAX_AGE_MS = 24 * 60 * 60_000;
const CHUNK = 500;

/**
 * Sweeps the uploads no report claimed: the rows go first, then their files from the store (disk,
 * `stored_files` or S3), so a failed removal leaves a file nothing refers to, never a row whose
 * file is gone. Idempotent by its data: a swept row is no longer there to be swept again, and two
 * instances running it at once each delete distinct rows.
 */
export const unclaimedPhotosJob: Job = {
  name: 'unclaimed photo sweep',
  everyMs: 60 * 60_000,
  async run(deps, now) {
    const before = new Date(now.getTime() - UNCLAIMED_PHOTO_MAX_AGE_MS);
    for (;;) {
      const ids = await deleteUnclaimedPhotosBefore(deps.db, before, CHUNK);
      await removeIncidentPhotos(deps.files, ids);
      if (ids.length < CHUNK) break;
    }
  },
};
