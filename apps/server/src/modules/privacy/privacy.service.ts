import { msg } from '@lingui/core/macro';
import type { DeleteMyAccountRequest } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { verifySecret } from '../../lib/passwords.ts';
import { withdrawCopyRequestsOf } from '../blotter/index.ts';
import { removeAvatar } from '../files/index.ts';
import { erasePushDataOf } from '../push/index.ts';
import { eraseTextLineOf } from '../text-line/index.ts';
import { findSettings } from '../settings/index.ts';
import { findUserById } from '../users/index.ts';
import {
  appendSystemAudit,
  blankUserRow,
  deleteOwnRows,
  deleteUserRow,
  detachResident,
  eraseReporterContacts,
  residentDataOf,
} from './privacy.repository.ts';

const DAY_MS = 86_400_000;
/** Reports erased per statement, so one run never holds a long lock. */
const ERASE_CHUNK = 1_000;

/** What the privacy notice names that lives outside the page's text (`GET /api/public/privacy`). */
export interface PrivacyFacts {
  barangayName: string;
  dataProtectionOfficer: { name: string; contact: string } | null;
  reporterDataRetentionDays: number;
  trackRetentionDays: number;
}

export async function privacyFacts(deps: AppDeps): Promise<PrivacyFacts> {
  const settings = await findSettings(deps.db);
  const dpoName = settings?.dpoName?.trim();
  return {
    barangayName: settings?.name ?? 'Barangay',
    dataProtectionOfficer: dpoName ? { name: dpoName, contact: settings?.dpoContact?.trim() ?? '' } : null,
    reporterDataRetentionDays: deps.config.reporterDataRetentionDays,
    trackRetentionDays: deps.config.trackRetentionDays,
  };
}

/**
 * The retention job's work: reporters' names and phone numbers on reports closed more than
 * REPORTER_DATA_RETENTION_DAYS ago are erased, in chunks, with one audit entry per run that erased
 * any. Returns how many reports were erased.
 */
export async function eraseOldReporterContacts(deps: AppDeps, now: Date): Promise<number> {
  const closedBefore = new Date(now.getTime() - deps.config.reporterDataRetentionDays * DAY_MS);
  let erased = 0;
  for (;;) {
    const count = await inTransaction(deps.db, (tx) => eraseReporterContacts(tx, closedBefore, now, ERASE_CHUNK));
    erased += count;
    if (count < ERASE_CHUNK) break;
  }
  if (erased > 0) {
    await appendSystemAudit(deps.db, {
      action: 'erase',
      entity: 'incident',
      entityId: null,
      after: { reports: erased, fields: ['reporterName', 'reporterPhone'], closedBefore: closedBefore.toISOString() },
      at: now,
    });
  }
  return erased;
}

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

/**
 * `GET /api/residents/me/data`: everything the server keeps about the signed-in resident, as
 * one JSON document. Secrets (the PIN's hash, push keys, tokens) are never part of it.
 */
export async function exportResidentData(deps: AppDeps, actor: Actor): Promise<Record<string, unknown>> {
  const data = await residentDataOf(deps.db, actor.id);
  const account = data.account;
  if (!account) throw notFound(msg`Account not found`);
  const now = deps.clock.now();
  await appendSystemAudit(deps.db, { action: 'export', entity: 'resident', entityId: actor.id, at: now, ip: actor.ip ?? null });
  return {
    exportedAt: now.toISOString(),
    about: 'Everything this barangay keeps about your resident account. See /privacy for why and for how long.',
    account: {
      _id: account.id,
      firstName: account.firstName,
      middleName: account.middleName,
      lastName: account.lastName,
      phoneNumber: account.phoneNumber,
      email: account.email,
      address: account.address,
      birthday: account.birthday,
      gender: account.gender,
      language: account.language,
      profilePicture: account.profilePicture,
      status: account.status,
      createdAt: iso(account.createdAt),
      updatedAt: iso(account.updatedAt),
    },
    reports: data.reports.map((report) => ({
      _id: report.id,
      ticket: report.ticket,
      type: report.type,
      classification: report.classification,
      status: report.status,
      description: report.description,
      occurredAt: iso(report.occurredAt),
      location: { lat: report.lat, lng: report.lng, accuracy: report.accuracy },
      address: report.address,
      landmark: report.landmark,
      reporterName: report.reporterName,
      reporterPhone: report.reporterPhone,
      photos: report.photos,
      resolvedAt: iso(report.resolvedAt),
      closingReason: report.closingReason,
      createdAt: iso(report.createdAt),
    })),
    evaluations: data.ratings.map((rating) => ({
      _id: rating.id,
      tanod: { _id: rating.tanodId, firstName: rating.tanodFirstName, lastName: rating.tanodLastName },
      rating: rating.rating,
      comment: rating.comment,
      source: rating.source,
      reviewerName: rating.reviewerName,
      hidden: rating.hidden,
      createdAt: iso(rating.createdAt),
    })),
    notifications: data.notifications.map((item) => ({ _id: item.id, message: item.message, read: item.read, createdAt: iso(item.createdAt) })),
    pushSubscriptions: data.browsers.map((browser) => ({
      _id: browser.id,
      // The push service's address only: the full endpoint and keys let anyone post to the browser.
      pushService: originOf(browser.endpoint),
      userAgent: browser.userAgent,
      createdAt: iso(browser.createdAt),
    })),
    alertPreferences: data.alerts ? { mutedKinds: data.alerts.mutedKinds, quietStart: data.alerts.quietStart, quietEnd: data.alerts.quietEnd } : null,
    advisoryAlerts: { push: data.advisoryAlerts?.push ?? false, sms: data.advisoryAlerts?.sms ?? false },
    sessions: data.signIns.map((session) => ({
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      expiresAt: iso(session.expiresAt),
      revokedAt: iso(session.revokedAt),
      userAgent: session.userAgent,
      ip: session.ip,
    })),
    messagesSent: data.messages.map((message) => ({
      channel: message.channel,
      kind: message.kind,
      status: message.status,
      createdAt: iso(message.createdAt),
      sentAt: iso(message.sentAt),
    })),
  };
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}

const wrongPin = () => new AppError('INVALID_CREDENTIALS', msg`Incorrect PIN`, { fields: [{ field: 'pin', message: msg`Incorrect PIN` }] });

/** The SQLSTATE of a foreign key violation, searched through drizzle's wrapping like uniqueViolation. */
function foreignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `DELETE /api/residents/me`: the resident's account is deleted after their PIN is checked again.
 * Their reports and ratings stay for the barangay's record, anonymised (name, phone and the link
 * to the account cleared); everything else that was only theirs goes, in the same transaction and
 * whichever way the account row ends: sessions (every one ends at once), browsers and their keys,
 * alert and advisory choices, notifications, reset links and codes, texts. Their copy requests stay
 * without them (the blotter's record). A record the barangay must keep that still names the account
 * with a key that cannot be cleared (a staff-side table's) keeps a blank, deactivated row instead of
 * the deleted one: `privacy.test.ts` reads every column that refers to an account from the
 * database and checks both ways leave none of them pointing at the person.
 */
export async function deleteResidentAccount(deps: AppDeps, actor: Actor, input: DeleteMyAccountRequest): Promise<{ reports: number; ratings: number }> {
  const user = await findUserById(deps.db, actor.id);
  if (!user || user.userType !== 'resident') throw notFound(msg`Account not found`);
  if (!user.pinHash || !(await verifySecret(user.pinHash, input.pin))) throw wrongPin();
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx, afterCommit) => {
    // Browsers first: a subscription also goes with its session (push_subscriptions.session_id cascades).
    const browsers = await erasePushDataOf(tx, user.id);
    const sessionIds = await deleteOwnRows(tx, user.id);
    const copyRequestsWithdrawn = await withdrawCopyRequestsOf(tx, user.id, now);
    const textThreads = await eraseTextLineOf(tx, { userId: user.id, phoneNumber: user.phoneNumber });
    const detached = await detachResident(tx, { id: user.id, phoneNumber: user.phoneNumber, email: user.email });
    let outcome: 'deleted' | 'blanked' = 'deleted';
    try {
      // A savepoint: if a kept record still refers to the account, only the delete is undone.
      await tx.transaction((savepoint) => deleteUserRow(savepoint, user.id));
    } catch (error) {
      if (!foreignKeyViolation(error)) throw error;
      await blankUserRow(tx, user.id, now);
      outcome = 'blanked';
    }
    await appendSystemAudit(tx, {
      action: 'delete',
      entity: 'resident',
      entityId: user.id,
      after: {
        outcome,
        reportsAnonymised: detached.reports,
        ratingsAnonymised: detached.ratings,
        sessionsEnded: sessionIds.length,
        browsersRemoved: browsers.subscriptions,
        copyRequestsWithdrawn,
        textThreadsDeleted: textThreads,
      },
      at: now,
      ip: actor.ip ?? null,
    });
    afterCommit(() => {
      if (sessionIds.length > 0) deps.events.publish('sessions.revoked', { sessionIds });
      deps.events.publish('users.changed', { userIds: [user.id] });
    });
    return { ...detached, photo: user.profilePicture };
  });
  // After the commit: a failed delete leaves a file nothing refers to, never a row without its file.
  await removeAvatar(deps.files, result.photo).catch(() => undefined);
  return { reports: result.reports, ratings: result.ratings };
}
