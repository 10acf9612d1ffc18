import { useCallback, useId, useState } from 'react';
import { MessageSquareReply, Phone, PhoneMissed, ShieldBan, ShieldCheck, Siren, UserRound, X } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { SMS_THREAD_STATUS_LABELS, TEXT_LINE_LIMITS, type SmsMessage, type SmsThread } from '@bantay/shared';
import { Chip } from '@/components/Chip.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/zoned-time.ts';
import { inboxActions, smsSegments, THREAD_TONES } from './text-line-format.ts';
import { inboxSteps, useRefreshInbox } from './text-line-api.ts';

interface ThreadCardProps {
  thread: SmsThread;
  timeZone: string | undefined;
  /** Opens the make-an-incident dialog for this thread. */
  onMakeIncident(thread: SmsThread): void;
  /** Opens the incident made of the thread (the page's drawer). */
  onOpenIncident(id: string): void;
}

const failureText = (failure: unknown, fallback: string) =>
  failure instanceof ApiError && (failure.isNetwork || failure.status < 500) ? failure.message : fallback;

/** One message: the person's on the left, Bantay's replies on the right, a missed call as a line of its own. */
function MessageLine({ message, timeZone }: { message: SmsMessage; timeZone: string | undefined }) {
  const when = formatDateTime(message.at, timeZone);
  if (message.kind === 'missed_call') {
    return (
      <li className="flex items-center gap-2 text-sm font-semibold text-danger" data-kind="missed_call">
        <PhoneMissed className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans>Missed call</Trans>
        </span>
        <time className="text-xs font-normal text-muted" dateTime={message.at}>
          {when}
        </time>
      </li>
    );
  }
  const outgoing = message.direction === 'out';
  const author = message.sentBy ? fullName(message.sentBy) : null;
  return (
    <li className={`flex flex-col ${outgoing ? 'items-end' : 'items-start'}`} data-direction={message.direction}>
      <p
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
          outgoing ? 'rounded-br-sm bg-brand-fill text-white' : 'rounded-bl-sm bg-surface-2 text-ink'
        }`}
      >
        {message.text}
      </p>
      <span className={`mt-0.5 text-xs text-muted ${outgoing ? 'text-right' : ''}`}>
        {outgoing ? (author ? <Trans>Reply by {author}</Trans> : <Trans>Automatic reply</Trans>) : null}
        {outgoing ? ' · ' : ''}
        <time dateTime={message.at}>{when}</time>
      </span>
    </li>
  );
}

/** The reply box under a thread: the text, what it costs in text messages, Send. */
function ReplyForm({ thread, onDone }: { thread: SmsThread; onDone(): void }) {
  const { t } = useLingui();
  const id = useId();
  const refresh = useRefreshInbox();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { segments, unicode } = smsSegments(text.trim());
  const length = text.trim().length;
  const max = TEXT_LINE_LIMITS.replyMaxLength;
  // The box opens on a press of Reply: the cursor goes into it.
  const focusOnOpen = useCallback((element: HTMLTextAreaElement | null) => element?.focus(), []);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (length === 0) {
      setError(t`Write a reply`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await inboxSteps.reply(thread._id, { text: text.trim() });
      refresh();
      notify.success(t`Reply sent`);
      onDone();
    } catch (failure) {
      setError(failureText(failure, t`The reply could not be sent. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="mt-3 flex flex-col gap-2 border-t border-line pt-3">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Your reply (sent as a text from the barangay phone)</Trans>
      </label>
      <textarea
        id={id}
        className="input resize-y"
        rows={3}
        maxLength={max}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        ref={focusOnOpen}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-count`} className="text-xs text-muted" aria-live="polite">
        {length}/{max} · <Plural value={segments} one="# text message" other="# text messages" />
        {unicode ? ` · ${t`special characters make each text shorter`}` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Sending…` : t`Send reply`}
        </button>
      </div>
    </form>
  );
}

/**
 * A thread of the triage inbox: the number (tap to call), who it is when it is a resident's, the
 * texts and missed calls with Bantay's replies, and what the admin can do with it.
 */
export function ThreadCard({ thread, timeZone, onMakeIncident, onOpenIncident }: ThreadCardProps) {
  const { t } = useLingui();
  const refresh = useRefreshInbox();
  const [replying, setReplying] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const actions = inboxActions(thread.status);
  const number = formatPhoneForDisplay(thread.phoneNumber);
  const resident = thread.resident;
  const residentName = fullName(resident);
  const purok = resident?.homePurok ?? null;
  const hidden = thread.receivedCount - thread.messages.filter((message) => message.direction === 'in').length;
  const headingId = useId();
  const closer = fullName(thread.closedBy);
  const closedWhen = thread.closedAt ? formatDateTime(thread.closedAt, timeZone) : '';
  const closedLine =
    !thread.closedBy || !thread.closedAt
      ? null
      : thread.status === 'dismissed'
        ? t`Dismissed by ${closer}, ${closedWhen}`
        : thread.status === 'blocked'
          ? t`Blocked by ${closer}, ${closedWhen}`
          : null;

  async function step(name: 'dismiss' | 'block' | 'unblock', done: string) {
    setBusy(true);
    try {
      await inboxSteps[name](thread._id);
      refresh();
      notify.success(done);
    } catch (failure) {
      notify.error(failureText(failure, t`That did not work. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className={`px-4 py-4 ${thread.status === 'open' ? '' : 'bg-surface-2/40'}`}
      data-testid="sms-thread"
      data-status={thread.status}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 text-base font-semibold">
          <a
            href={`tel:${thread.phoneNumber}`}
            className="inline-flex min-h-11 items-center gap-1.5 text-brand-600 underline-offset-2 hover:underline"
            aria-label={t`Call ${number}`}
          >
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="tabular-nums">{number}</span>
          </a>
        </h3>
        <Chip tone={THREAD_TONES[thread.status]}>{SMS_THREAD_STATUS_LABELS[thread.status]}</Chip>
        {thread.hasMissedCall && (
          <Chip tone="danger">
            <PhoneMissed className="h-3.5 w-3.5" aria-hidden="true" />
            <Trans>Missed call</Trans>
          </Chip>
        )}
        <time className="ml-auto text-xs text-muted" dateTime={thread.lastMessageAt}>
          {formatDateTime(thread.lastMessageAt, timeZone)}
        </time>
      </div>

      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-ink-soft">
        <UserRound className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        {resident ? (
          <>
            <span>
              <Trans>
                Resident <strong className="text-ink">{residentName}</strong>
              </Trans>
              {purok ? ` · ${purok}` : ''}
            </span>
            {!resident.hasHome && (
              <span className="text-xs text-muted">
                <Trans>(no home location on the account, so the text came here)</Trans>
              </span>
            )}
          </>
        ) : (
          <span>
            <Trans>Unknown number</Trans>
          </span>
        )}
      </p>

      <ol className="mt-3 flex flex-col gap-2" aria-label={t`Messages from ${number}`}>
        {hidden > 0 && (
          <li className="text-center text-xs text-muted">
            <Plural value={hidden} one="# more text received (repeats not shown)" other="# more texts received (repeats not shown)" />
          </li>
        )}
        {thread.messages.map((message) => (
          <MessageLine key={message._id} message={message} timeZone={timeZone} />
        ))}
      </ol>

      {thread.ticket && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          {thread.ticket.classification === 'emergency' && <Siren className="h-4 w-4 text-danger" aria-hidden="true" />}
          <Trans>Ticket</Trans>
          <button type="button" className="font-semibold text-brand-600 underline" onClick={() => onOpenIncident(thread.ticket!._id)}>
            {thread.ticket.ticket}
          </button>
        </p>
      )}
      {closedLine && <p className="mt-1 text-xs text-muted">{closedLine}</p>}

      {!replying && (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.includes('incident') && (
            <button type="button" className="btn btn-primary" onClick={() => onMakeIncident(thread)}>
              <Siren className="h-4 w-4" aria-hidden="true" />
              <Trans>Make an incident</Trans>
            </button>
          )}
          {actions.includes('reply') && (
            <button type="button" className="btn btn-secondary" onClick={() => setReplying(true)}>
              <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
              <Trans>Reply</Trans>
            </button>
          )}
          {actions.includes('dismiss') && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void step('dismiss', t`Thread dismissed`)}>
              <X className="h-4 w-4" aria-hidden="true" />
              <Trans>Dismiss</Trans>
            </button>
          )}
          {actions.includes('block') && (
            <button type="button" className="btn btn-ghost text-danger" disabled={busy} onClick={() => setConfirmBlock(true)}>
              <ShieldBan className="h-4 w-4" aria-hidden="true" />
              <Trans>Block number</Trans>
            </button>
          )}
          {actions.includes('unblock') && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void step('unblock', t`${number} unblocked`)}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              <Trans>Unblock number</Trans>
            </button>
          )}
        </div>
      )}
      {replying && <ReplyForm thread={thread} onDone={() => setReplying(false)} />}
      <ConfirmDialog
        open={confirmBlock}
        message={t`Block ${number}? Its texts and calls will be dropped from now on.`}
        confirmLabel={t`Block number`}
        onCancel={() => setConfirmBlock(false)}
        onConfirm={() => {
          setConfirmBlock(false);
          void step('block', t`${number} blocked`);
        }}
      />
    </li>
  );
}
