import {
  BLOTTER_REFERRAL_LABELS,
  BLOTTER_STATUS_LABELS,
  type BlotterParty,
  type BlotterReferral,
  type BlotterStatus,
  type BlotterValues,
} from '@bantay/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client.ts';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
export const STATUS_STYLES: Record<BlotterStatus, string> = {
  recorded: 'bg-blue-100 text-blue-900 dark:bg-blue-400/15 dark:text-blue-200',
  referred: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  settled: 'bg-green-100 text-green-900 dark:bg-green-400/15 dark:text-green-200',
  closed: 'bg-surface-2 text-ink-soft',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** `Referred · Lupon Tagapamayapa`, or the status alone. */
export function statusText(status: BlotterStatus, referredTo: BlotterReferral | null): string {
  return status === 'referred' && referredTo ? `${BLOTTER_STATUS_LABELS[status]} · ${BLOTTER_REFERRAL_LABELS[referredTo]}` : BLOTTER_STATUS_LABELS[status];
}

export const partyText = (party: BlotterParty) => [party.name, party.address, party.phone].filter(Boolean).join(', ');

const FIELD_LABELS: Record<keyof BlotterValues, MessageDescriptor> = {
  occurredAt: msg`Date and time`,
  place: msg`Place`,
  nature: msg`Nature`,
  complainants: msg`Complainants`,
  respondents: msg`Respondents`,
  narrative: msg`Narrative`,
  actionTaken: msg`Action taken`,
  status: msg`Status`,
  referredTo: msg`Referred to`,
};

/**
 * One line per changed field of an amendment: its label, and the value before and after, in the
 * language on screen (called while rendering).
 */
export function changeRows(
  before: Partial<BlotterValues>,
  after: Partial<BlotterValues>,
  formatTime: (iso: string) => string,
): { field: string; before: string; after: string }[] {
  const show = (values: Partial<BlotterValues>, key: keyof BlotterValues): string => {
    const value = values[key];
    if (value === undefined || value === null) return '—';
    if (key === 'occurredAt') return formatTime(value as string);
    if (key === 'complainants' || key === 'respondents') return (value as BlotterParty[]).map(partyText).join('; ') || t`none`;
    if (key === 'status') return BLOTTER_STATUS_LABELS[value as BlotterStatus];
    if (key === 'referredTo') return BLOTTER_REFERRAL_LABELS[value as BlotterReferral];
    return String(value);
  };
  return (Object.keys(after) as (keyof BlotterValues)[]).map((key) => ({ field: t(FIELD_LABELS[key]), before: show(before, key), after: show(after, key) }));
}

/** The server's words for a refusal, or a general line for an outage (in the language on screen). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.isNetwork ? error.message : error.message || t`Something went wrong. Please try again.`;
  return t`Something went wrong. Please try again.`;
}

/** Field errors by field name (`complainants.0.phone`, `changes.place`, …) for the forms. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.field.replace(/^(body|changes)\./, ''), field.message]));
}
