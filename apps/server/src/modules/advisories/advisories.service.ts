import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Advisory, AdvisoryList, AdvisoryOptIn, CreateAdvisoryRequest, PublicAdvisory, UpdateAdvisoryRequest } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { AdvisoryRow } from '../../db/schema/index.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Locale } from '../../lib/i18n.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { sendAdvisoryPublished } from '../webhooks/index.ts';
import { findSettings } from '../settings/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { landingAdvisoriesHtml } from './landing-banner.ts';
import {
  claimDueAnnouncements,
  deleteAdvisoryRow,
  findAdvisory,
  findAdvisoryOptIn,
  findAdvisoryWithAuthor,
  insertAdvisory,
  insertAdvisoryDeliveries,
  listAdvisoriesWithAuthors,
  listUnendedAdvisories,
  patrolAreaNames,
  updateAdvisoryRow,
  upsertAdvisoryOptIn,
} from './advisories.repository.ts';

/** The admins' list shows this many, newest first: years of a barangay's advisories. */
const ADMIN_LIST_LIMIT = 500;
/**
 * Every landing page view reads the active advisories, which change a few times a month: each
 * instance keeps those not yet ended in memory and picks the active ones by the clock on every
 * read, so a window opens and closes on time without a reload. A write on this instance drops the
 * copy at once; one on another instance is seen within this time.
 */
const PUBLIC_CACHE_TTL_MS = 5_000;
/** Browsers may keep the public list this long, never past the next start or end. */
const PUBLIC_MAX_AGE_S = 30;

type AfterCommit = (effect: () => void) => void;

interface UnendedAdvisories {
  rows: AdvisoryRow[];
  areaNames: Map<string, string>;
  loadedAt: number;
}

/**
 * The advisories not ended yet, as the landing page and the public list read them, kept a few
 * seconds per app instance: AppDeps' `publicAdvisories` (deps.ts, createInstanceMemory).
 */
export interface PublicAdvisoriesCache {
  value: UnendedAdvisories | null;
  loading: Promise<UnendedAdvisories> | null;
  version: number;
}

export function createPublicAdvisoriesCache(): PublicAdvisoriesCache {
  return { value: null, loading: null, version: 0 };
}

const cacheOf = (deps: AppDeps): PublicAdvisoriesCache => deps.publicAdvisories;

export function dropPublicCache(deps: AppDeps): void {
  const state = cacheOf(deps);
  state.value = null;
  state.loading = null;
  state.version += 1;
}

async function unendedAdvisories(deps: AppDeps): Promise<UnendedAdvisories> {
  const state = cacheOf(deps);
  const now = deps.clock.now().getTime();
  const { value } = state;
  if (value && now >= value.loadedAt && now - value.loadedAt < PUBLIC_CACHE_TTL_MS) return value;
  if (!state.loading) {
    const version = state.version;
    const loading = (async (): Promise<UnendedAdvisories> => {
      const rows = await listUnendedAdvisories(deps.db, new Date(now));
      const areaNames = await patrolAreaNames(deps.db, [...new Set(rows.flatMap((row) => row.patrolAreaIds))]);
      const loaded = { rows, areaNames, loadedAt: now };
      if (state.version === version) state.value = loaded;
      return loaded;
    })();
    state.loading = loading;
    const settle = () => {
      if (state.loading === loading) state.loading = null;
    };
    loading.then(settle, settle);
  }
  return state.loading;
}

export const isActive = (row: Pick<AdvisoryRow, 'startsAt' | 'endsAt'>, now: Date) =>
  row.startsAt.getTime() <= now.getTime() && (!row.endsAt || now.getTime() < row.endsAt.getTime());

const SEVERITY_ORDER = { danger: 0, warning: 1, info: 2 } as const;

export interface ActiveAdvisories {
  items: PublicAdvisory[];
  /** Seconds until the list may change by the clock alone (a start or an end), capped. */
  maxAgeSeconds: number;
}

/**
 * `GET /api/public/advisories` and the landing page: advisories with `startsAt <= now < endsAt`
 * (or no end), the most severe first, then the newest.
 */
export async function activeAdvisories(deps: AppDeps): Promise<ActiveAdvisories> {
  const { rows, areaNames } = await unendedAdvisories(deps);
  const now = deps.clock.now();
  const active = rows
    .filter((row) => isActive(row, now))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.startsAt.getTime() - a.startsAt.getTime());
  const boundaries = rows
    .flatMap((row) => [row.startsAt, row.endsAt])
    .filter((at): at is Date => at !== null && at.getTime() > now.getTime())
    .map((at) => Math.ceil((at.getTime() - now.getTime()) / 1000));
  return {
    items: active.map((row) => presentPublic(row, areaNames)),
    maxAgeSeconds: Math.max(0, Math.min(PUBLIC_MAX_AGE_S, ...boundaries)),
  };
}

function presentPublic(row: AdvisoryRow, areaNames: Map<string, string>): PublicAdvisory {
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    severity: row.severity,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    areas: row.patrolAreaIds.flatMap((id) => {
      const name = areaNames.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    }),
  };
}

function present(
  row: AdvisoryRow,
  areaNames: Map<string, string>,
  author: { id: string; firstName: string; lastName: string } | null,
  now: Date,
): Advisory {
  return {
    ...presentPublic(row, areaNames),
    state: stateOf(row, now),
    origin: row.origin ?? null,
    createdBy: author ? { _id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
    announcedAt: row.announcedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function stateOf(row: AdvisoryRow, now: Date): Advisory['state'] {
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'ended';
  if (row.draft) return 'draft';
  return isActive(row, now) ? 'active' : 'scheduled';
}

/** `GET /api/advisories` (admins): every advisory, past and future. */
/**
 * The admins' list. An API key (advisories:read) gets it without the drafts: a draft is not an
 * advisory until a person publishes it, and another system would pass it on as one
 * (docs/decisions/034-the-integration-kit.md).
 */
export async function listAdvisories(deps: AppDeps, viewer: Actor): Promise<AdvisoryList> {
  const rows = (await listAdvisoriesWithAuthors(deps.db, ADMIN_LIST_LIMIT)).filter((row) => !(viewer.apiKey && row.advisory.draft));
  const areaNames = await patrolAreaNames(deps.db, [...new Set(rows.flatMap((row) => row.advisory.patrolAreaIds))]);
  const now = deps.clock.now();
  return { items: rows.map((row) => present(row.advisory, areaNames, row.author, now)) };
}

async function presentOne(deps: AppDeps, id: string): Promise<Advisory> {
  const found = await findAdvisoryWithAuthor(deps.db, id);
  if (!found) throw notFound(msg`Advisory not found`);
  const areaNames = await patrolAreaNames(deps.db, found.advisory.patrolAreaIds);
  return present(found.advisory, areaNames, found.author, deps.clock.now());
}

const fieldError = (field: string, message: MessageDescriptor) => new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

/** Every area named must exist (retired ones too: an advisory may concern a place no longer patrolled). */
async function checkAreas(db: Executor, ids: readonly string[] | undefined): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  const names = await patrolAreaNames(db, unique);
  if (names.size !== unique.length) throw fieldError('patrolAreaIds', msg`One of the patrol areas does not exist`);
  return unique;
}

/** `POST /api/advisories` (admins). One that starts at once alerts the opted-in residents in the same transaction. */
export async function createAdvisory(deps: AppDeps, actor: Actor, input: CreateAdvisoryRequest): Promise<Advisory> {
  const now = deps.clock.now();
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', msg`The end must be in the future`);
  const patrolAreaIds = await checkAreas(deps.db, input.patrolAreaIds);
  const advisory = await inTransaction(deps.db, async (tx, afterCommit) => {
    let row = await insertAdvisory(tx, {
      title: input.title.trim(),
      body: input.body.trim(),
      severity: input.severity,
      startsAt,
      endsAt,
      patrolAreaIds,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    if (isActive(row, now)) row = (await announce(deps, tx, afterCommit, row, now)) ?? row;
    await appendAuditEntry(tx, {
      actor,
      action: 'create',
      entity: 'advisory',
      entityId: row.id,
      after: { title: row.title, severity: row.severity, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt?.toISOString() ?? null },
      at: now,
    });
    afterCommit(() => dropPublicCache(deps));
    return row;
  });
  return presentOne(deps, advisory.id);
}

/**
 * `PATCH /api/advisories/{id}` (admins): corrections, an earlier end (ending it now), or a new
 * start. Residents already alerted are not alerted again; an advisory moved to start now is
 * announced by the next run of the announcement job.
 */
export async function editAdvisory(deps: AppDeps, actor: Actor, id: string, input: UpdateAdvisoryRequest): Promise<Advisory> {
  const now = deps.clock.now();
  const patrolAreaIds = input.patrolAreaIds === undefined ? undefined : await checkAreas(deps.db, input.patrolAreaIds);
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const existing = await findAdvisory(tx, id);
    if (!existing) throw notFound(msg`Advisory not found`);
    const startsAt = input.startsAt ? new Date(input.startsAt) : existing.startsAt;
    const endsAt = input.endsAt === undefined ? existing.endsAt : input.endsAt === null ? null : new Date(input.endsAt);
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw fieldError('endsAt', msg`The end must be after the start`);
    const updated = await updateAdvisoryRow(tx, id, {
      ...(input.title === undefined ? {} : { title: input.title.trim() }),
      ...(input.body === undefined ? {} : { body: input.body.trim() }),
      ...(input.severity === undefined ? {} : { severity: input.severity }),
      startsAt,
      endsAt,
      ...(patrolAreaIds === undefined ? {} : { patrolAreaIds }),
      updatedAt: now,
    });
    if (!updated) throw notFound(msg`Advisory not found`);
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'advisory',
      entityId: id,
      before: summary(existing),
      after: summary(updated),
      at: now,
    });
    afterCommit(() => dropPublicCache(deps));
    return updated;
  });
  return presentOne(deps, row.id);
}

/**
 * `POST /api/advisories/{id}/publish` (admins): a draft (one read from an outside CAP feed) goes
 * public as it stands, and alerts the opted-in residents at once if its window is open, else at
 * its start, as an advisory written by an admin does.
 */
export async function publishAdvisory(deps: AppDeps, actor: Actor, id: string): Promise<Advisory> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const existing = await findAdvisory(tx, id);
    if (!existing) throw notFound(msg`Advisory not found`);
    if (!existing.draft) throw new AppError('CONFLICT', msg`This advisory is already published`);
    if (existing.endsAt && existing.endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', msg`This draft has ended: move its end to the future first`);
    let row = (await updateAdvisoryRow(tx, id, { draft: false, publishedAt: now, updatedAt: now }))!;
    if (isActive(row, now)) row = (await announce(deps, tx, afterCommit, row, now)) ?? row;
    await appendAuditEntry(tx, { actor, action: 'approve', entity: 'advisory', entityId: id, after: summary(row), at: now });
    afterCommit(() => dropPublicCache(deps));
  });
  return presentOne(deps, id);
}

const summary = (row: AdvisoryRow) => ({
  title: row.title,
  severity: row.severity,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  patrolAreaIds: row.patrolAreaIds,
});

/** `DELETE /api/advisories/{id}` (admins): gone from the public pages at once; the audit log keeps what it said. */
export async function removeAdvisory(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const row = await deleteAdvisoryRow(tx, id);
    if (!row) throw notFound(msg`Advisory not found`);
    await appendAuditEntry(tx, { actor, action: 'delete', entity: 'advisory', entityId: id, before: { ...summary(row), body: row.body }, at: now });
    afterCommit(() => dropPublicCache(deps));
  });
}

/**
 * Alerts the opted-in residents of one advisory (decision 016: the deliveries commit with the
 * announcement, the worker sends them after). `danger` advisories are urgent: they ring through
 * quiet hours, like an emergency.
 */
async function announce(deps: AppDeps, tx: Executor, afterCommit: AfterCommit, row: AdvisoryRow, now: Date): Promise<AdvisoryRow | undefined> {
  const settings = await findSettings(tx);
  const barangay = settings?.name ?? 'Barangay';
  const body = row.body.length > 180 ? `${row.body.slice(0, 177)}…` : row.body;
  const written = await insertAdvisoryDeliveries(tx, {
    advisoryId: row.id,
    push: { title: `${barangay} advisory: ${row.title}`, body, url: '/', tag: `advisory-${row.id}`, ...(row.severity === 'danger' ? { urgent: true } : {}) },
    smsText: smsTextOf(barangay, row, deps.config.publicUrl),
    now,
  });
  if (written > 0) afterCommit(() => deps.deliveries.nudge());
  // The moment it is in force for residents is the moment it is published to webhooks.
  await sendAdvisoryPublished(deps, tx, afterCommit, row, now);
  return updateAdvisoryRow(tx, row.id, { announcedAt: now });
}

/** One text of at most about 300 characters (two SMS parts): the title, the start of the body, the link. */
function smsTextOf(barangay: string, row: AdvisoryRow, publicUrl: string): string {
  const head = `${barangay} ${row.severity === 'danger' ? 'WARNING' : 'advisory'}: ${row.title}.`;
  const tail = ` More: ${publicUrl}/`;
  const room = Math.max(0, 300 - head.length - tail.length - 1);
  // One line: a phone shows line breaks, but some gateways count them against the length.
  const flat = row.body.replace(/\s+/g, ' ');
  const text = flat.length > room ? `${flat.slice(0, Math.max(0, room - 1))}…` : flat;
  return `${head} ${text}${tail}`;
}

/**
 * The announcement job's work: advisories whose start has come are announced, each claimed with
 * `skip locked` in the transaction that writes its alerts. Returns how many were announced.
 */
export async function announceDueAdvisories(deps: AppDeps, now: Date): Promise<number> {
  let announced = 0;
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx, afterCommit) => {
      const due = await claimDueAnnouncements(tx, now, 10);
      for (const row of due) await announce(deps, tx, afterCommit, row, now);
      if (due.length > 0) afterCommit(() => dropPublicCache(deps));
      return due.length;
    });
    announced += batch;
    if (batch < 10) return announced;
  }
}

/** `GET /api/residents/me/advisory-alerts`: off until the resident opts in. */
export async function getAdvisoryOptIn(deps: AppDeps, actor: Actor): Promise<AdvisoryOptIn> {
  const row = await findAdvisoryOptIn(deps.db, actor.id);
  return { push: row?.push ?? false, sms: row?.sms ?? false };
}

/** `PUT /api/residents/me/advisory-alerts`. */
export async function setAdvisoryOptIn(deps: AppDeps, actor: Actor, choice: AdvisoryOptIn): Promise<AdvisoryOptIn> {
  const row = await upsertAdvisoryOptIn(deps.db, actor.id, choice, deps.clock.now());
  return { push: row.push, sms: row.sms };
}

/** The landing page's block of active advisories (landing-banner.ts); empty when none is active. */
export async function landingAdvisories(deps: AppDeps, locale: Locale = 'en'): Promise<string> {
  const { items } = await activeAdvisories(deps);
  if (items.length === 0) return '';
  const settings = await getPublicSettings(deps);
  return landingAdvisoriesHtml(items, settings.timezone, locale);
}
