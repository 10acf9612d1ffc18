import { Clock, RotateCcw } from 'lucide-react';
import { timeOfDay } from './message-dates.ts';
import { retryMessage, type OutgoingMessage } from './outbox.ts';

/** A message of mine the server has not stored yet: "Sending…", or refused and waiting for a tap. */
export function OutgoingBubble({ item, timeZone }: { item: OutgoingMessage; timeZone: string | undefined }) {
  const bubble = 'max-w-[80%] rounded-2xl rounded-br-md px-3 py-1.5 text-left text-sm shadow-sm';
  if (item.state === 'failed') {
    return (
      <li className="flex justify-end" data-testid="outgoing-message" data-state="failed">
        <button
          type="button"
          className={`${bubble} border border-danger bg-surface text-ink hover:bg-surface-2`}
          onClick={() => retryMessage(item.clientId)}
        >
          <span className="block whitespace-pre-wrap break-words">{item.content}</span>
          <span className="mt-0.5 flex items-center justify-end gap-1 text-[11px] font-semibold text-danger">
            <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
            Not sent — tap to retry
          </span>
        </button>
      </li>
    );
  }
  return (
    <li className="flex justify-end" data-testid="outgoing-message" data-state="sending">
      <div className={`${bubble} bg-brand-fill/70 text-white`}>
        <p className="whitespace-pre-wrap break-words">{item.content}</p>
        <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-white/90">
          <time dateTime={item.createdAt}>{timeOfDay(item.createdAt, timeZone)}</time>
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          <span>Sending…</span>
        </p>
      </div>
    </li>
  );
}
