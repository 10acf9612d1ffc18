import { msg } from '@lingui/core/macro';
import type { BlotterEntry, BlotterParty, amendPartyPhoneSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { normalizePhoneNumber } from '../../lib/phone.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { closePendingCopyRequestsOfPhone, findIncidentHandlers, lockEntry, setPartyPhones } from './blotter.repository.ts';
import { applyAmendment, entryDetail, invalid } from './blotter.service.ts';

type PhoneInput = z.output<typeof amendPartyPhoneSchema>;

/** `+63917•••4567`: enough for the audit trail to tell numbers apart, not the number itself. */
const masked = (phone: string | null) => (phone ? `${phone.slice(0, 6)}•••${phone.slice(-4)}` : null);

/**
 * `POST /api/blotter/{id}/party-phones` (admin; docs/decisions/026-the-blotter.md). A party's phone
 * was mistyped, or the number is no longer theirs (recycled): until now its holder kept seeing the
 * entry among "My blotter entries" for good, since the entry keeps every phone it ever named. Under
 * the entry's row lock, every current party with that phone gets the replacement (or none), which
 * is an amendment like any other (reason, author, before and after); the phone leaves the list of
 * numbers that see the entry, the requests for a copy still waiting from its holder are closed, and
 * the change is audited with the numbers masked. A former party's phone (dropped by an earlier
 * amendment) is withdrawn the same way, with no amendment since no current value changes.
 */
export async function amendPartyPhone(deps: AppDeps, actor: Actor, id: string, input: PhoneInput): Promise<BlotterEntry> {
  const phone = normalizePhoneNumber(input.phone);
  if (!phone) throw invalid([{ field: 'phone', message: msg`Enter a valid phone number` }]);
  const replacement = input.replacement ? normalizePhoneNumber(input.replacement) : null;
  if (input.replacement && !replacement) throw invalid([{ field: 'replacement', message: msg`Enter a valid phone number` }]);
  if (replacement === phone) throw new AppError('UNPROCESSABLE', msg`The new number is the one the entry has.`, { fields: [{ field: 'replacement', message: msg`The new number is the one the entry has.` }] });
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const entry = await lockEntry(tx, id);
    if (!entry) throw notFound(msg`Blotter entry not found`);
    if (!entry.partyPhones.includes(phone)) {
      throw new AppError('UNPROCESSABLE', msg`This number is not on the entry.`, { fields: [{ field: 'phone', message: msg`This number is not on the entry.` }] });
    }
    const swap = (parties: BlotterParty[]) => parties.map((party) => (party.phone === phone ? { ...party, phone: replacement } : party));
    const named = [...entry.complainants, ...entry.respondents].some((party) => party.phone === phone);
    const amended = named
      ? await applyAmendment(tx, actor, entry, input.reason, { complainants: swap(entry.complainants), respondents: swap(entry.respondents) }, now, [phone])
      : null;
    const updated = amended ?? (await setPartyPhones(tx, id, entry.partyPhones.filter((candidate) => candidate !== phone), now));
    const closed = await closePendingCopyRequestsOfPhone(tx, id, phone, 'This number is no longer on the entry.', now, actor.id);
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'blotter_entry',
      entityId: id,
      before: { partyPhone: masked(phone) },
      after: { partyPhone: masked(replacement), number: entry.number, reason: input.reason, copyRequestsClosed: closed },
      at: now,
    });
    return updated;
  });
  const ticket = row.incidentId ? ((await findIncidentHandlers(deps.db, [row.incidentId])).get(row.incidentId)?.ticket ?? null) : null;
  return entryDetail(deps.db, actor, row, ticket);
}
