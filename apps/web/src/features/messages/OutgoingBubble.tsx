import { Clock, RotateCcw } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { timeOfDay } from './message-dates.ts';
import { retryMessage, type OutgoingMessage } from './outbox.ts';

/** A message of mine the server has not stored yet: "Sending…", or refused and waiting for a tap. */
export function OutgoingBubble({ item, timeZone }: { item: OutgoingMessage; timeZone: string | undefined }) {
  if (item.state === 'failed') {
    return (
      <li className="flex justify-end" data-testid="outgoing-message" data-state="failed">
        <button
          type="button"
          className="max-w-[80%] rounded-2xl rounded-br-md border border-danger bg-surface px-3 py-1.5 text-left text-sm text-ink shadow-sm hover:bg-surface-2"
          onClick={() => retryMessage(item.clientId)}
        >
          <span className="block whitespace-pre-wrap break-words">{item.content}</span>
          <span className="mt-0.5 flex items-center justify-end gap-1 text-[11px] font-semibold text-danger">
            <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
            <Trans>Not sent — tap to retry</Trans>
          </span>
        </button>
      </li>
    );
  }
  return (
    <li className="flex justify-end" data-testid="outgoing-message" data-state="sending">
      <div className="max-w-[80%] rounded-2xl rounded-br-md bg-brand-fill/70 px-3 py-1.5 text-left text-sm text-white shadow-sm">
        <p className="whitespace-pre-wrap break-words">{item.content}</p>
        <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-white/90">
          <time dateTime={item.createdAt}>{timeOfDay(item.createdAt, timeZone)}</time>
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          <span>
            <Trans>Sending…</Trans>
          </span>
        </p>
      </div>
    </li>
  );
}
