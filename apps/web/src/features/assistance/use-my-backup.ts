import type { AssistanceRequest } from '@bantay/shared';
import { useSession } from '@/lib/session.tsx';
import { useAssistanceList } from './assistance-api.ts';

/**
 * The open backup requests that concern this tanod: those an admin dispatched them to (product
 * docs/product.md §4.5: they set deployed and completed) and their own calls. One list call serves both, kept live
 * by the `assistance:*` socket events.
 */
export function useMyBackup(): { dispatched: AssistanceRequest[]; mine: AssistanceRequest[] } {
  const { user } = useSession();
  const list = useAssistanceList({ status: ['pending', 'approved', 'deployed'] }, Boolean(user));
  const items = list.data?.items ?? [];
  return {
    dispatched: items.filter((request) => request.status !== 'pending' && request.dispatchedTanods.some((tanod) => tanod._id === user?._id)),
    mine: items.filter((request) => request.requester._id === user?._id),
  };
}
