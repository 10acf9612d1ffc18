import type { BlotterParty, BlotterValues } from '@bantay/shared';
import { fromZonedInput, toZonedInput } from '@/lib/zoned-time.ts';
import type { EntryInput, PartyInput } from './EntryFields.tsx';

/** Between the API's values and the form's inputs (times on the barangay's clock). */

const partyInput = (party: BlotterParty): PartyInput => ({ name: party.name, address: party.address ?? '', phone: party.phone ?? '' });
const partyBody = (party: PartyInput) => ({ name: party.name.trim(), address: party.address.trim() || null, phone: party.phone.trim() || null });

export function toEntryInput(values: Omit<BlotterValues, 'referredTo'> & { referredTo?: BlotterValues['referredTo'] }, timeZone: string): EntryInput {
  return {
    occurredAt: toZonedInput(values.occurredAt, timeZone),
    place: values.place,
    nature: values.nature,
    complainants: values.complainants.map(partyInput),
    respondents: values.respondents.map(partyInput),
    narrative: values.narrative,
    actionTaken: values.actionTaken,
    status: values.status,
    referredTo: values.referredTo ?? '',
  };
}

/** The body's values; `occurredAt` is null when the input is not a date and time. */
export function toEntryValues(input: EntryInput, timeZone: string): Omit<BlotterValues, 'occurredAt'> & { occurredAt: string | null } {
  return {
    occurredAt: fromZonedInput(input.occurredAt, timeZone),
    place: input.place.trim(),
    nature: input.nature.trim(),
    complainants: input.complainants.map(partyBody),
    respondents: input.respondents.map(partyBody),
    narrative: input.narrative.trim(),
    actionTaken: input.actionTaken.trim(),
    status: input.status,
    referredTo: input.status === 'referred' && input.referredTo ? input.referredTo : null,
  };
}

/**
 * The fields an amendment changes: those whose value differs from the entry's. Phones are
 * compared as typed, so a number typed again in another form counts as a change the server then
 * keeps in E.164 (and reports as no change when it is the same number).
 */
export function changedValues(current: BlotterValues, next: ReturnType<typeof toEntryValues>): Partial<BlotterValues> {
  const changes: Partial<BlotterValues> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (next.occurredAt && new Date(next.occurredAt).getTime() !== new Date(current.occurredAt).getTime()) changes.occurredAt = next.occurredAt;
  for (const key of ['place', 'nature', 'complainants', 'respondents', 'narrative', 'actionTaken', 'status', 'referredTo'] as const) {
    if (!same(next[key], current[key])) Object.assign(changes, { [key]: next[key] });
  }
  if (changes.status !== undefined || changes.referredTo !== undefined) {
    changes.status = next.status;
    changes.referredTo = next.referredTo;
  }
  return changes;
}
