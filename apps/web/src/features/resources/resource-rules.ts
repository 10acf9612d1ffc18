import type { Loan, Trip, TripStatus, VehicleStatus } from '@bantay/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';

/** Open and past its due time, by the server's word or by the clock since the list was fetched. */
export function isOverdue(loan: Pick<Loan, 'status' | 'returnedAt' | 'dueAt'>, now: number = Date.now()): boolean {
  if (loan.returnedAt) return false;
  return loan.status === 'overdue' || Date.parse(loan.dueAt) < now;
}

const loanRank = (loan: Loan, now: number) => (isOverdue(loan, now) ? 0 : loan.returnedAt ? 2 : 1);

/** Overdue first, then open (soonest due first), then returned (latest first). */
export function sortLoans(loans: readonly Loan[], now: number = Date.now()): Loan[] {
  return [...loans].sort((a, b) => {
    const rank = loanRank(a, now) - loanRank(b, now);
    if (rank !== 0) return rank;
    if (a.returnedAt && b.returnedAt) return b.returnedAt.localeCompare(a.returnedAt);
    return a.dueAt.localeCompare(b.dueAt);
  });
}

/** Pending first (soonest start first), then the rest (latest start first). */
export function sortTrips(trips: readonly Trip[]): Trip[] {
  return [...trips].sort((a, b) => {
    const pending = Number(b.status === 'pending') - Number(a.status === 'pending');
    if (pending !== 0) return pending;
    return a.status === 'pending' ? a.startsAt.localeCompare(b.startsAt) : b.startsAt.localeCompare(a.startsAt);
  });
}

/**
 * "due in 3 h", "overdue by 2 d": how far the due time is from now, in the largest whole unit, in
 * the language on screen (called while rendering, so it reads the active one).
 */
export function dueDistance(dueAt: string, now: number = Date.now()): string {
  const ms = Date.parse(dueAt) - now;
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  const hours = Math.round(minutes / 60);
  const days = Math.round(minutes / 1440);
  const amount = minutes < 60 ? t`${minutes} min` : minutes < 48 * 60 ? t`${hours} h` : t`${days} d`;
  return ms >= 0 ? t`due in ${amount}` : t`overdue by ${amount}`;
}

/** A trip's status as shown; translated where it is rendered (`t(TRIP_STATUS_LABELS[status])`). */
export const TRIP_STATUS_LABELS: Record<TripStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** A vehicle's status as shown; translated where it is rendered. */
export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, MessageDescriptor> = {
  available: msg`Available`,
  in_use: msg`In use`,
  maintenance: msg`Maintenance`,
  out_of_service: msg`Out of service`,
};


/** Field → message, from the shared schema's issues (the same messages the server would send). */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field errors as field → message; empty when the error names no field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (error instanceof ApiError) for (const field of error.fields) errors[field.field] ??= field.message;
  return errors;
}

/**
 * What to tell the user about a failed call: the server's own words for a refusal it explains
 * (409 "only 2 available", 403, 404), a fixed sentence for network trouble and server faults.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetwork && error.status > 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.isNetwork) return error.message;
  return fallback;
}
