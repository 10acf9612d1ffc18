import { Suspense, useCallback, useRef, useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { PieceBoundary, PieceUnavailable } from '@/components/PieceBoundary.tsx';
import { PopupToggle } from '@/components/PopupToggle.tsx';
import { storedUserId } from '@/lib/storage.ts';
import { otherParticipant } from './message-logic.ts';
import { useHasUnread, useMessagesLive } from './messages-api.ts';
import { useOutboxSender } from './outbox.ts';
import type { Conversation } from './message-types.ts';
import { useLinkedConversation } from './use-linked-conversation.ts';

// The panel, the chat dialog and (inside it) the emoji picker are chunks of their own, fetched on
// first use: the top bar carries only this button.
const MessagesPanel = lazyWithRetry(() => import('./MessagesPanel.tsx'));
const ChatDialog = lazyWithRetry(() => import('./ChatDialog.tsx'));

const unavailable = (retry: () => void) => (
  <PieceUnavailable retry={retry} className="absolute right-0 top-full mt-2 w-72" />
);

/** The top bar's Messages button: a red dot while any conversation is unread, the panel on click. */
export function MessagesButton() {
  const { t } = useLingui();
  const [panelOpen, setPanelOpen] = useState(false);
  const [chat, setChat] = useState<Conversation | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useMessagesLive(chat && !chat.temporary ? chat._id : null);
  const hasUnread = useHasUnread();
  useOutboxSender();

  const closePanel = useCallback(() => setPanelOpen(false), []);
  const openChat = useCallback((conversation: Conversation) => {
    setPanelOpen(false);
    setChat(conversation);
  }, []);
  const closeChat = useCallback(() => setChat(null), []);
  useLinkedConversation(openChat);

  return (
    <div className="relative">
      <PopupToggle
        ref={buttonRef}
        label={t`Messages`}
        icon={MessageSquare}
        open={panelOpen}
        dot={hasUnread}
        dotTestId="messages-dot"
        onToggle={() => setPanelOpen((value) => !value)}
      />
      {panelOpen && (
        <PieceBoundary fallback={unavailable}>
          <Suspense fallback={null}>
            <MessagesPanel anchor={buttonRef} onClose={closePanel} onOpenConversation={openChat} />
          </Suspense>
        </PieceBoundary>
      )}
      {chat && (
        <PieceBoundary fallback={unavailable}>
          <Suspense fallback={null}>
            <ChatDialog
              // One dialog per person: saving a temporary conversation keeps the dialog (and its text box).
              key={otherParticipant(chat, storedUserId())?._id ?? chat._id}
              conversation={chat}
              onClose={closeChat}
              onSaved={setChat}
            />
          </Suspense>
        </PieceBoundary>
      )}
    </div>
  );
}
