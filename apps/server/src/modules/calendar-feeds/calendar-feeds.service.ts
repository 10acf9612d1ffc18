import { msg } from '@lingui/core/macro';
import crypto from 'node:crypto';
import { CALENDAR_FEED_WINDOW, type CalendarFeedStatus, type CreatedCalendarFeed } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { deleteFeedOf, findFeedByTokenHash, findFeedOf, saveFeed } from './calendar-feeds.repository.ts';
import { readShiftsCalendar } from './shifts-calendar.ts';

/**
 * A staff member's calendar feed (docs/decisions/034-the-integration-kit.md, "Calendar feeds"). The
 * URL's token is the only thing that admits its reader: a phone's calendar sends no header, so the
 * token is 32 random bytes (256 bits), kept only as its SHA-256, and every way it can stop working
 * (replaced, stopped, the account deactivated or deleted) answers 404, as an address that never was.
 */

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

const hashOf = (token: string) => crypto.createHash('sha256').update(`bantay-calendar-feed:${token}`).digest('hex');

/** The feed's path under the API: `<token>.ics`, which calendars that look at the name take as one. */
export const CALENDAR_FEED_PATH = '/api/calendar-feeds';

export async function createCalendarFeed(deps: AppDeps, actor: Actor): Promise<CreatedCalendarFeed> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await saveFeed(deps.db, { userId: actor.id, tokenHash: hashOf(token), createdAt: now });
  const url = `${deps.config.publicUrl}${CALENDAR_FEED_PATH}/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: now.toISOString() };
}

export async function calendarFeedStatus(deps: AppDeps, actor: Actor): Promise<CalendarFeedStatus> {
  const feed = await findFeedOf(deps.db, actor.id);
  return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null };
}

/** Stops the caller's feed; stopping none is no error (the phone's copy is what they came to end). */
export async function stopCalendarFeed(deps: AppDeps, actor: Actor): Promise<void> {
  await deleteFeedOf(deps.db, actor.id);
}

/**
 * A deactivated account's feed ends with it, in the deactivation's transaction (users'
 * StaffAccountEffects, wired in deps.ts). A deleted account's goes by the foreign key's cascade.
 */
export async function endCalendarFeedOf(tx: Executor, userId: string): Promise<void> {
  await deleteFeedOf(tx, userId);
}

const feedNotFound = () => notFound(msg`Calendar feed not found`);

/** The feed's calendar for the token in its file name, or 404 for any token that admits nothing. */
export async function readCalendarFeed(deps: AppDeps, file: string): Promise<{ body: string }> {
  const token = TOKEN_PATTERN.exec(file)?.[1];
  if (!token) throw feedNotFound();
  const feed = await findFeedByTokenHash(deps.db, hashOf(token));
  if (!feed) throw feedNotFound();
  const calendar = await readShiftsCalendar(deps, feed.userId, CALENDAR_FEED_WINDOW);
  if (!calendar) throw feedNotFound();
  return calendar;
}
