import { msg } from '@lingui/core/macro';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { findSettings } from '../settings/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { renderCertifiedCopy } from './blotter-pdf.ts';
import { isAdmin } from './blotter.policy.ts';
import { detachCopyRequester, findEntry, findUserPhone, hasApprovedCopy } from './blotter.repository.ts';
import { entryForCopy } from './blotter.service.ts';

export interface CertifiedCopyFile {
  fileName: string;
  body: Buffer;
}

/**
 * `GET /api/blotter/{id}/certified.pdf`: admins print any entry; a resident downloads the copy an
 * admin approved for them (any other entry answers 404). The file names the parties, so every
 * download is in the audit log (`export`), and a confidential entry's also as a `view`.
 */
export async function certifiedCopyPdf(deps: AppDeps, actor: Actor, id: string): Promise<CertifiedCopyFile> {
  const row = await findEntry(deps.db, id);
  if (!row) throw notFound(msg`Blotter entry not found`);
  // A resident needs an approved request and a number the entry still names: an admin may have
  // withdrawn it since (a mistyped or recycled number, blotter-phones.service.ts).
  const mayDownload = async () => {
    if (actor.userType !== 'resident' || !(await hasApprovedCopy(deps.db, id, actor.id))) return false;
    const phone = (await findUserPhone(deps.db, actor.id))?.phoneNumber;
    return Boolean(phone && row.partyPhones.includes(phone));
  };
  if (!isAdmin(actor) && !(await mayDownload())) throw notFound(msg`Blotter entry not found`);
  const [entry, settings, officials, me] = await Promise.all([
    entryForCopy(deps, actor, id),
    getPublicSettings(deps),
    findSettings(deps.db),
    findUserPhone(deps.db, actor.id),
  ]);
  const now = deps.clock.now();
  const body = await renderCertifiedCopy(
    {
      barangay: { name: settings.name, abbreviation: settings.abbreviation, logo: settings.logo },
      entry,
      timeZone: settings.timezone,
      issuedAt: now,
      issuedTo: me ? `${me.firstName} ${me.lastName}` : 'the requester',
      officials: { punongBarangay: officials?.punongBarangay ?? null, barangaySecretary: officials?.barangaySecretary ?? null },
    },
    deps.files,
  );
  await inTransaction(deps.db, async (tx) => {
    await appendAuditEntry(tx, { actor, action: 'export', entity: 'blotter_entry', entityId: id, after: { number: row.number, format: 'pdf' }, at: now });
    if (row.confidential) await appendAuditEntry(tx, { actor, action: 'view', entity: 'blotter_entry', entityId: id, after: { number: row.number, format: 'pdf' }, at: now });
  });
  return { fileName: `blotter-${row.number}-certified.pdf`, body };
}

/**
 * A resident deletes their account (privacy's `DELETE /api/residents/me`, decision 028), in the
 * deletion's transaction: their requests still waiting are closed, so no admin approves a copy for
 * nobody, and every request of theirs stays as the hall's record of what was asked and decided,
 * without its requester (whether the account row is then deleted or kept blank; the column is also
 * `on delete set null`). The reason is stored in English, as every stored text is (decision 029).
 * Returns how many were closed.
 */
export async function withdrawCopyRequestsOf(tx: Executor, userId: string, now: Date): Promise<number> {
  return detachCopyRequester(tx, userId, 'Withdrawn: the resident deleted their account.', now);
}
