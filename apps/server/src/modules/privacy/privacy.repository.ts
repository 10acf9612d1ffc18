import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import {
  advisoryOptIns,
  alertPreferences,
  auditEntries,
  deliveries,
  evaluations,
  incidentEvents,
  incidentPhotos,
  incidents,
  notifications,
  passwordResetTokens,
  phoneVerificationCodes,
  pinResetTokens,
  pushSubscriptions,
  sessions,
  twoFactorCodes,
  users,
} from '../../db/schema/index.ts';

/** Closed reports: nothing more happens to them, so their reporter's contact is no longer needed. */
const CLOSED = sql`${incidents.status} in ('resolved', 'rejected', 'false_alarm')`;

/**
 * Erases the reporter's name and phone of up to `limit` reports closed before `closedBefore`
 * (resolved, rejected or false alarm; the last change of a closed report is its closing). Only
 * the incidents table is touched: the blotter keeps its own parties, as the law requires of it.
 * Returns how many reports were erased.
 */
export async function eraseReporterContacts(db: Executor, closedBefore: Date, now: Date, limit: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    update ${incidents} set reporter_name = null, reporter_phone = null, updated_at = ${now.toISOString()}
    where id in (
      select id from ${incidents}
      where ${CLOSED}
        and coalesce(resolved_at, updated_at) < ${closedBefore.toISOString()}
        and (reporter_name is not null or reporter_phone is not null)
      limit ${limit}
    )
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** An audit entry with no person behind it (a job, or an account that no longer exists). */
export async function appendSystemAudit(
  db: Executor,
  entry: { action: string; entity: string; entityId: string | null; before?: Record<string, unknown>; after?: Record<string, unknown>; at: Date; ip?: string | null },
): Promise<void> {
  await db.insert(auditEntries).values({
    actorId: null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    at: entry.at,
  });
}

/** Everything stored about one resident, for their own download. */
export async function residentDataOf(db: Executor, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const reports = await db
    .select({
      id: incidents.id,
      ticket: incidents.ticket,
      type: incidents.type,
      classification: incidents.classification,
      status: incidents.status,
      description: incidents.description,
      occurredAt: incidents.occurredAt,
      lat: incidents.lat,
      lng: incidents.lng,
      accuracy: incidents.accuracy,
      address: incidents.address,
      landmark: incidents.landmark,
      reporterName: incidents.reporterName,
      reporterPhone: incidents.reporterPhone,
      resolvedAt: incidents.resolvedAt,
      closingReason: incidents.closingReason,
      createdAt: incidents.createdAt,
      photos: sql<number>`(select count(*)::int from ${incidentPhotos} where ${incidentPhotos.incidentId} = ${incidents.id} and ${incidentPhotos.purpose} = 'report')`,
    })
    .from(incidents)
    .where(eq(incidents.reporterId, userId))
    .orderBy(desc(incidents.createdAt));
  const ratings = await db
    .select({
      id: evaluations.id,
      tanodId: evaluations.tanodId,
      tanodFirstName: users.firstName,
      tanodLastName: users.lastName,
      rating: evaluations.rating,
      comment: evaluations.comment,
      source: evaluations.source,
      reviewerName: evaluations.reviewerName,
      hidden: evaluations.hidden,
      createdAt: evaluations.createdAt,
    })
    .from(evaluations)
    .innerJoin(users, eq(users.id, evaluations.tanodId))
    .where(eq(evaluations.residentId, userId))
    .orderBy(desc(evaluations.createdAt));
  const notes = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
  const browsers = await db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  const [alerts] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)).limit(1);
  const [advisoryAlerts] = await db.select().from(advisoryOptIns).where(eq(advisoryOptIns.userId, userId)).limit(1);
  const signIns = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  const messages = await db
    .select({ channel: deliveries.channel, kind: deliveries.kind, status: deliveries.status, createdAt: deliveries.createdAt, sentAt: deliveries.sentAt })
    .from(deliveries)
    .where(eq(deliveries.userId, userId))
    .orderBy(desc(deliveries.createdAt));
  return { account, reports, ratings, notifications: notes, browsers, alerts, advisoryAlerts, signIns, messages };
}

/**
 * Takes a resident out of everything the barangay keeps: their reports (by the account, or made
 * signed out with their number), ratings, the timeline and the audit trail stay, anonymised; the
 * texts and codes that went to them go. The caller removes the rows that are only theirs
 * (`deleteOwnRows`, push's door) and the account row itself.
 */
export async function detachResident(
  db: Executor,
  user: { id: string; phoneNumber: string | null; email: string | null },
): Promise<{ reports: number; ratings: number }> {
  const reports = await db
    .update(incidents)
    .set({ reporterId: null, reporterName: null, reporterPhone: null })
    .where(user.phoneNumber ? or(eq(incidents.reporterId, user.id), eq(incidents.reporterPhone, user.phoneNumber)) : eq(incidents.reporterId, user.id))
    .returning({ id: incidents.id });
  const ratings = await db
    .update(evaluations)
    .set({ residentId: null, reviewerName: null })
    .where(eq(evaluations.residentId, user.id))
    .returning({ id: evaluations.id });
  await db.update(incidentEvents).set({ actorId: null }).where(eq(incidentEvents.actorId, user.id));
  await db.update(incidentEvents).set({ subjectUserId: null }).where(eq(incidentEvents.subjectUserId, user.id));
  await db.update(incidentPhotos).set({ uploadedById: null }).where(eq(incidentPhotos.uploadedById, user.id));
  await db.update(auditEntries).set({ actorId: null }).where(eq(auditEntries.actorId, user.id));
  // Texts to the account, and to its number or address when they name no account (a report's
  // receipt, a hearing's notice), sent or waiting. A text to another account that shares the
  // number (a tanod's phone that is also this resident's) is that account's and stays.
  const addressed: SQL[] = [eq(deliveries.userId, user.id)];
  if (user.phoneNumber) addressed.push(and(isNull(deliveries.userId), eq(deliveries.channel, 'sms'), eq(deliveries.target, user.phoneNumber))!);
  if (user.email) addressed.push(and(isNull(deliveries.userId), eq(deliveries.channel, 'email'), eq(deliveries.target, user.email))!);
  await db.delete(deliveries).where(or(...addressed));
  if (user.phoneNumber) await db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.phoneNumber, user.phoneNumber));
  return { reports: reports.length, ratings: ratings.length };
}

/**
 * The rows that are only the account's, removed on both ways out (the account row deleted, or
 * kept and blanked): the account's cascade would take them only on the first. Every session (with
 * its address and browser), the notifications, the advisory choice, reset links and sign-in codes.
 * Push's browsers and alert choices go through push's door. Returns the sessions' ids.
 */
export async function deleteOwnRows(db: Executor, userId: string): Promise<string[]> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(advisoryOptIns).where(eq(advisoryOptIns.userId, userId));
  await db.delete(pinResetTokens).where(eq(pinResetTokens.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(twoFactorCodes).where(eq(twoFactorCodes.userId, userId));
  return ended.map((row) => row.id);
}

export async function deleteUserRow(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * What is left when a record the barangay must keep still names the account (a blotter request,
 * say): the row stays for that record, with nothing that identifies the person, and cannot sign in.
 */
export async function blankUserRow(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: 'Deleted',
      middleName: null,
      lastName: 'account',
      username: null,
      email: null,
      phoneNumber: null,
      profilePicture: null,
      passwordHash: null,
      pinHash: null,
      address: null,
      birthday: null,
      gender: null,
      language: null,
      homePurok: null,
      homeLat: null,
      homeLng: null,
      status: 'deactivated',
      isOnline: false,
      lastActive: null,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
