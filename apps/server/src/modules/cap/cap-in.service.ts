import { msg } from '@lingui/core/macro';
import { ADVISORY_LIMITS, type AdvisoryOrigin, type AdvisorySeverity } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { excerpt, getText, OutsideServiceError } from '../../adapters/outside-service.ts';
import { endFeedAdvisory, reviseFeedAdvisory, saveFeedDraft, type FeedAdvisoryFields } from '../advisories/index.ts';
import { notify } from '../notifications/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { areaCoversBarangay, type BarangayPlace } from './cap-area.ts';
import { parseCapDocument, type CapAlert, type CapInfo } from './cap-feed.ts';
import { advisoryOfReferences, claimFeedPoll, isAlertReceived, recordFeedOutcome, recordReceivedAlert } from './cap.repository.ts';

/**
 * CAP in (docs/decisions/034-the-integration-kit.md): the configured feeds are read every
 * CAP_FEED_POLL_SECONDS; an alert whose area covers the barangay becomes a draft advisory and the
 * admins are told. Nothing read from a feed is ever published without a person.
 */

const SERVICE = 'CAP feed';
/** A feed or alert larger than this is refused: PAGASA's alerts are a few kilobytes, its index tens. */
export const CAP_MAX_BYTES = 1_000_000;

type AlertOutcome = 'drafted' | 'updated' | 'cancelled' | 'not-here' | 'seen' | 'ignored';

interface PollSummary {
  feeds: number;
  outcomes: Partial<Record<AlertOutcome, number>>;
  errors: string[];
}

/** Words that reach people only as text: tags dropped, control characters out, blank runs tidied. */
function plainText(value: string, max: number): string {
  const cleaned = value
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex -- the control characters are what is removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

const SEVERITIES: Record<string, AdvisorySeverity> = { Extreme: 'danger', Severe: 'danger', Moderate: 'warning' };

const validDate = (value: string): Date | null => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The info block an admin reads first: English when there is one, else the first. */
const chosenInfo = (alert: CapAlert): CapInfo | undefined => alert.infos.find((info) => /^en\b/i.test(info.language)) ?? alert.infos[0];

function advisoryFieldsOf(alert: CapAlert, info: CapInfo, now: Date): FeedAdvisoryFields {
  const title = plainText(info.headline || info.event || alert.identifier, ADVISORY_LIMITS.titleMaxLength);
  const body = plainText([info.description, info.instruction].filter(Boolean).join('\n\n') || info.event || title, ADVISORY_LIMITS.bodyMaxLength);
  const startsAt = validDate(info.effective) ?? validDate(info.onset) ?? validDate(alert.sent) ?? now;
  const expires = validDate(info.expires);
  return {
    title,
    body,
    severity: SEVERITIES[info.severity] ?? 'info',
    startsAt,
    endsAt: expires && expires.getTime() > startsAt.getTime() ? expires : null,
  };
}

const referenceKeyOf = (alert: CapAlert) => `${alert.sender},${alert.identifier},${alert.sent}`;

const coversBarangay = (alert: CapAlert, place: BarangayPlace) => alert.infos.some((info) => info.areas.some((area) => areaCoversBarangay(area, place)));

/** Acts on one message; each in its own transaction with its record, so a poll that dies halfway resumes cleanly. */
async function applyCapAlert(deps: AppDeps, alert: CapAlert, place: BarangayPlace): Promise<AlertOutcome> {
  if (alert.status !== 'Actual' || (alert.scope && alert.scope !== 'Public')) return 'ignored';
  const referenceKey = referenceKeyOf(alert);
  if (await isAlertReceived(deps.db, referenceKey)) return 'seen';
  const now = deps.clock.now();
  const info = chosenInfo(alert);
  const covers = coversBarangay(alert, place);
  const expired = info ? (validDate(info.expires)?.getTime() ?? Infinity) <= now.getTime() : true;
  const referenced = alert.msgType === 'Update' || alert.msgType === 'Cancel' ? await advisoryOfReferences(deps.db, alert.references) : undefined;
  const senderName = plainText(info?.senderName || alert.sender, 120);
  const origin: AdvisoryOrigin = { kind: 'cap', senderName, sender: alert.sender, identifier: alert.identifier, sent: alert.sent };

  return inTransaction(deps.db, async (tx, afterCommit) => {
    const record = async (advisoryId: string | null) => {
      if (!(await recordReceivedAlert(tx, { referenceKey, advisoryId, msgType: alert.msgType, receivedAt: now }))) throw new AlreadyReceived();
    };
    const tell = (advisoryId: string, message: Parameters<typeof notify>[4]['message']) =>
      notify(deps, tx, afterCommit, { role: 'admins' }, { message, kind: 'advisory.cap', entity: { type: 'advisory', id: advisoryId } });

    // A Cancel, or an Update that no longer covers the barangay or has expired: the advisory ends.
    if (referenced && (alert.msgType === 'Cancel' || !covers || expired)) {
      const ended = await endFeedAdvisory(deps, tx, afterCommit, referenced, now);
      await record(referenced);
      if (!ended) return 'seen';
      const { title } = ended;
      await tell(ended.id, msg`${senderName} withdrew its alert (CAP); the advisory "${title}" has ended`);
      return 'cancelled';
    }
    if (alert.msgType === 'Cancel' || !info || !covers || expired || (alert.msgType !== 'Alert' && alert.msgType !== 'Update')) {
      await record(null);
      return covers ? 'ignored' : 'not-here';
    }
    const fields = advisoryFieldsOf(alert, info, now);
    const { title } = fields;
    if (referenced) {
      const { advisory, revised } = await reviseFeedAdvisory(tx, referenced, fields, origin, now);
      await record(advisory.id);
      await tell(
        advisory.id,
        revised === 'draft'
          ? msg`${senderName} updated its alert (CAP): the draft advisory "${title}" holds the new text`
          : msg`${senderName} updated an alert you published (CAP): a new draft "${title}" waits for you`,
      );
      return 'updated';
    }
    const draft = await saveFeedDraft(tx, fields, origin, now);
    await record(draft.id);
    await tell(draft.id, msg`New draft advisory from ${senderName} (CAP): "${title}". Check it and publish it if it concerns the barangay`);
    return 'drafted';
  }).catch((error: unknown) => {
    if (error instanceof AlreadyReceived) return 'seen' as const;
    throw error;
  });
}

/** Thrown inside a transaction to roll it back when another poll recorded the same message first. */
class AlreadyReceived extends Error {}

async function fetchDocument(deps: AppDeps, url: string) {
  const answer = await getText(SERVICE, url, {
    timeoutMs: deps.config.outsideServices.timeoutMs,
    maxBytes: CAP_MAX_BYTES,
    accept: 'application/cap+xml, application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.8',
  });
  if (answer.status < 200 || answer.status >= 300) throw new OutsideServiceError(SERVICE, `${url} answered ${answer.status}: ${excerpt(answer.text)}`);
  return parseCapDocument(answer.text);
}

/**
 * A feed's alerts: those it holds, and those its index links to on the same host (a feed names
 * its own alerts; a link elsewhere would let the feed make this server fetch any address).
 */
async function readFeed(deps: AppDeps, url: string): Promise<CapAlert[]> {
  const document = await fetchDocument(deps, url);
  const origin = new URL(url).origin;
  const alerts = [...document.alerts];
  for (const link of document.links) {
    const target = new URL(link, url);
    if (target.origin !== origin) throw new OutsideServiceError(SERVICE, `${url} links to ${target.origin}, another host`);
    alerts.push(...(await fetchDocument(deps, target.toString())).alerts);
  }
  return alerts;
}

/**
 * One round of every configured feed whose interval has passed. A feed that cannot be read or
 * parsed changes nothing; its error is kept on its poll row and returned for the job to log.
 */
export async function pollCapFeeds(deps: AppDeps, now: Date): Promise<PollSummary> {
  const { urls, pollSeconds } = deps.config.capFeeds;
  const summary: PollSummary = { feeds: 0, outcomes: {}, errors: [] };
  if (urls.length === 0) return summary;
  const settings = await getPublicSettings(deps);
  const place: BarangayPlace = { boundary: settings.boundary, psgcCode: settings.psgcCode ?? null };
  for (const url of urls) {
    if (!(await claimFeedPoll(deps.db, url, now, pollSeconds * 1000))) continue;
    summary.feeds += 1;
    try {
      const alerts = await readFeed(deps, url);
      // Oldest first, so an Alert is read before the Update that references it.
      alerts.sort((a, b) => (validDate(a.sent)?.getTime() ?? 0) - (validDate(b.sent)?.getTime() ?? 0));
      for (const alert of alerts) {
        const outcome = await applyCapAlert(deps, alert, place);
        summary.outcomes[outcome] = (summary.outcomes[outcome] ?? 0) + 1;
      }
      await recordFeedOutcome(deps.db, url, null);
    } catch (error) {
      const message = `${url}: ${(error as Error).message}`;
      summary.errors.push(message);
      await recordFeedOutcome(deps.db, url, message.slice(0, 1000));
    }
  }
  return summary;
}
