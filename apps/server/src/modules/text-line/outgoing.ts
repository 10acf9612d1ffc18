import type { AppDeps } from '../../deps.ts';
import type { AfterCommit, Executor, Tx } from '../../db/transaction.ts';
import type { Locale } from '../../lib/i18n.ts';
import { enqueueDeliveries } from '../deliveries/index.ts';
import { ticketPagePath } from '../incident-alerts/index.ts';
import { replyText, type Reply } from './replies.ts';
import { countAutomaticRepliesSince, findNumber, insertMessage } from './text-line.repository.ts';

const HOUR_MS = 3_600_000;

/** The delivery kind of the confirmation of a STOP: the one text the opt-out lets through. */
export const STOP_CONFIRMATION_KIND = 'textline.stop_confirmed';

/** The public status page of a ticket, as a text carries it. */
export function statusLink(deps: Pick<AppDeps, 'config'>, ticket: string): string {
  return `${deps.config.publicUrl}${ticketPagePath(ticket)}`;
}

export interface TextBack {
  phone: string;
  threadId: string;
  /** The resident account of the number, for the supadmin's failed-deliveries list. */
  userId: string | null;
  locale: Locale;
  /** Written by the text line itself: counted by the per-number hourly cap. An admin's reply is not. */
  automatic: boolean;
  reply: Reply | { kind: 'written'; text: string };
  /** The admin who wrote it. */
  sentById?: string | null;
  /** The confirmation of a STOP, sent although the number has just opted out. */
  stopConfirmation?: boolean;
}

/**
 * A text to the sender (docs/decisions/032-the-text-line.md): kept in the thread and written as a
 * delivery in the caller's transaction (decision 016), so it leaves once the decision commits and
 * is retried if the phone is unreachable. Nothing is sent to a number that texted STOP, and the
 * automatic texts to one number stop at SMS_REPLIES_PER_HOUR in an hour. False when not sent.
 */
export async function textBack(
  context: { deps: AppDeps; tx: Tx; afterCommit: AfterCommit; now: Date },
  options: TextBack,
): Promise<boolean> {
  const { deps, tx, afterCommit, now } = context;
  if (!options.stopConfirmation && (await optedOut(tx, options.phone))) return false;
  if (options.automatic) {
    const sent = await countAutomaticRepliesSince(tx, options.phone, new Date(now.getTime() - HOUR_MS));
    if (sent >= deps.config.textLine.repliesPerHour) return false;
  }
  const text = options.reply.kind === 'written' ? options.reply.text : replyText(options.reply, options.locale);
  const message = await insertMessage(tx, {
    threadId: options.threadId,
    phoneNumber: options.phone,
    direction: 'out',
    kind: 'text',
    text,
    automatic: options.automatic,
    sentById: options.sentById ?? null,
    at: now,
  });
  await enqueueDeliveries(deps, tx, afterCommit, [
    {
      channel: 'sms',
      userId: options.userId,
      to: options.phone,
      kind: options.stopConfirmation ? STOP_CONFIRMATION_KIND : 'textline.reply',
      dedupeKey: `sms-textline:${message.id}`,
      payload: { text },
    },
  ]);
  return true;
}

/** Whether the number texted STOP (and not START since). */
export async function optedOut(db: Executor, phone: string): Promise<boolean> {
  return Boolean((await findNumber(db, phone))?.optedOutAt);
}
