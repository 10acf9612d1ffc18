import type { AdvisoryOrigin, AdvisorySeverity } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { AdvisoryRow } from '../../db/schema/index.ts';
import type { AfterCommit, Executor } from '../../db/transaction.ts';
import { findAdvisory, insertAdvisory, listStartedAdvisoriesSince, patrolAreaNames, updateAdvisoryRow } from './advisories.repository.ts';
import { dropPublicCache, isActive } from './advisories.service.ts';

/**
 * What the CAP module reads and writes of advisories (docs/decisions/034-the-integration-kit.md,
 * "CAP out" and "CAP in"): the published ones it writes as CAP alerts, and the drafts an outside
 * CAP feed brings. A feed never publishes: whatever it sends stays a draft, or ends an advisory.
 */

/** An alert is still written as a Cancel this long after an advisory was ended early, so aggregators see it withdrawn. */
const CANCEL_KEPT_MS = 24 * 3600_000;
const ENDED_BY_EDIT_SLACK_MS = 60_000;

export interface CapAdvisory {
  id: string;
  title: string;
  body: string;
  severity: AdvisorySeverity;
  startsAt: Date;
  endsAt: Date | null;
  /** When it went public: its first CAP message's `sent`. */
  publishedAt: Date;
  updatedAt: Date;
  /** Ended by an admin before its planned end (an edit that set the end to then): written as a Cancel. */
  withdrawn: boolean;
  areaNames: string[];
}

/**
 * Published advisories in force now, and those ended early in the last day (their Cancel), for
 * the CAP feed. An advisory is ended early when an edit set its end to the moment of the edit or
 * before (decision 028: ending one early is `endsAt` = now), so `ends_at <= updated_at` (within a minute).
 */
export async function capAdvisories(deps: AppDeps): Promise<CapAdvisory[]> {
  const now = deps.clock.now();
  const rows = await listStartedAdvisoriesSince(deps.db, now, new Date(now.getTime() - CANCEL_KEPT_MS));
  const names = await patrolAreaNames(deps.db, [...new Set(rows.flatMap((row) => row.patrolAreaIds))]);
  return rows.flatMap((row) => {
    // A minute's slack: End now sends the browser's clock, which may run a little ahead of the server's.
    const withdrawn = row.endsAt !== null && row.endsAt.getTime() <= row.updatedAt.getTime() + ENDED_BY_EDIT_SLACK_MS && row.endsAt.getTime() <= now.getTime();
    if (!isActive(row, now) && !withdrawn) return [];
    return [
      {
        id: row.id,
        title: row.title,
        body: row.body,
        severity: row.severity,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        publishedAt: row.publishedAt ?? row.createdAt,
        updatedAt: row.updatedAt,
        withdrawn,
        areaNames: row.patrolAreaIds.flatMap((id) => names.get(id) ?? []),
      },
    ];
  });
}

/** One published advisory of the CAP feed, or undefined when it is not in it (a draft, ended, unknown). */
export async function capAdvisory(deps: AppDeps, id: string): Promise<CapAdvisory | undefined> {
  return (await capAdvisories(deps)).find((advisory) => advisory.id === id);
}

export interface FeedAdvisoryFields {
  title: string;
  body: string;
  severity: AdvisorySeverity;
  startsAt: Date;
  endsAt: Date | null;
}

/** A new draft from an outside alert, in the caller's transaction (with the record of the alert). */
export async function saveFeedDraft(tx: Executor, fields: FeedAdvisoryFields, origin: AdvisoryOrigin, now: Date): Promise<AdvisoryRow> {
  return insertAdvisory(tx, { ...fields, draft: true, origin, createdById: null, createdAt: now, updatedAt: now });
}

/**
 * An outside Update of the alert behind advisory `id`: a draft takes the new text and times; a
 * published advisory is left as the admin published it and the update becomes a new draft beside
 * it, for an admin to publish (and end the old one) or discard.
 */
export async function reviseFeedAdvisory(
  tx: Executor,
  id: string,
  fields: FeedAdvisoryFields,
  origin: AdvisoryOrigin,
  now: Date,
): Promise<{ advisory: AdvisoryRow; revised: 'draft' | 'new-draft' }> {
  const existing = await findAdvisory(tx, id);
  if (existing?.draft) {
    const updated = await updateAdvisoryRow(tx, id, { ...fields, updatedAt: now });
    if (updated) return { advisory: updated, revised: 'draft' };
  }
  return { advisory: await saveFeedDraft(tx, fields, origin, now), revised: 'new-draft' };
}

/**
 * An outside Cancel of the alert behind advisory `id`: the advisory ends now (a draft too, so it
 * can no longer be published as it stands). Answers undefined when it had ended already or is gone.
 */
export async function endFeedAdvisory(deps: AppDeps, tx: Executor, afterCommit: AfterCommit, id: string, now: Date): Promise<AdvisoryRow | undefined> {
  const existing = await findAdvisory(tx, id);
  if (!existing || (existing.endsAt && existing.endsAt.getTime() <= now.getTime())) return undefined;
  const startsAt = existing.startsAt.getTime() > now.getTime() ? now : existing.startsAt;
  const ended = await updateAdvisoryRow(tx, id, { startsAt, endsAt: now, updatedAt: now });
  if (!existing.draft) afterCommit(() => dropPublicCache(deps));
  return ended;
}
