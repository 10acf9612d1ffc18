import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_KEY, fetchConversations } from './messages-api.ts';
import type { Conversation } from './message-types.ts';

/**
 * A chat notification or push opens `<home>?conversation=<id>` (the server's notification links):
 * the conversation's dialog opens over the page, and the parameter leaves the address so a reload
 * or Back does not open it again. An id that is not one of mine is dropped quietly.
 */
export function useLinkedConversation(open: (conversation: Conversation) => void): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const linkedId = params.get('conversation');

  // Removing the parameter re-runs the effect, so the answer must not be tied to its cleanup; only
  // leaving the page (unmount) drops it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!linkedId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('conversation');
        return next;
      },
      { replace: true },
    );
    void queryClient
      .fetchQuery({ queryKey: CONVERSATIONS_KEY, queryFn: fetchConversations })
      .then((conversations) => {
        const found = conversations.find((conversation) => conversation._id === linkedId);
        if (found && mounted.current) open(found);
      })
      .catch(() => {
        // Offline or refused: the person can still open it from the Messages panel.
      });
  }, [linkedId, open, queryClient, setParams]);
}
