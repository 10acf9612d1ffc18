import { msg } from '@lingui/core/macro';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { findSettings } from '../settings/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { renderCertifiedCopy } from './blotter-pdf.ts';
import { isAdmin } from './blotter.policy.ts';
import { findEntry, findUserPhone, hasApprovedCopy } from './blotter.repository.ts';
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
  if (!isAdmin(actor) && !(actor.userType === 'resident' && (await hasApprovedCopy(deps.db, id, actor.id)))) throw notFound(msg`Blotter entry not found`);
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
