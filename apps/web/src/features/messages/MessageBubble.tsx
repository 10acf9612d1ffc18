import { Check, CheckCheck } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { timeOfDay } from './message-dates.ts';
import { tickState } from './message-logic.ts';
import type { ChatMessage } from './message-types.ts';

interface MessageBubbleProps {
  message: ChatMessage;
  me: string | null;
  timeZone: string | undefined;
}

/** A stored message: mine on the right with its sent/read tick (docs/product.md §A2), theirs on the left. */
export function MessageBubble({ message, me, timeZone }: MessageBubbleProps) {
  const { t } = useLingui();
  const tick = tickState(message, me);
  const mine = tick !== 'none';
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="message">
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-1.5 text-sm shadow-sm ${
          mine ? 'rounded-br-md bg-brand-fill text-white' : 'rounded-bl-md border border-line bg-surface text-ink'
        }`}
      >
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        <p className={`mt-0.5 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-white/80' : 'text-muted'}`}>
          <time dateTime={message.createdAt}>{timeOfDay(message.createdAt, timeZone)}</time>
          {tick === 'sent' && <Check className="h-3.5 w-3.5" role="img" aria-label={t`Sent`} data-testid="tick" data-state="sent" />}
          {tick === 'read' && (
            <CheckCheck className="h-3.5 w-3.5 text-sky-200" role="img" aria-label={t`Read`} data-testid="tick" data-state="read" />
          )}
        </p>
      </div>
    </li>
  );
}
