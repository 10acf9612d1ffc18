import { useLingui } from '@lingui/react/macro';
import { Avatar } from '@/components/Avatar.tsx';
import type { ChatParticipant } from './message-types.ts';

/** An avatar with the online dot of docs/product.md §A2 (green while online). */
export function PersonAvatar({ person, size }: { person: ChatParticipant | undefined; size: number }) {
  const { t } = useLingui();
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar firstName={person?.firstName} lastName={person?.lastName} src={person?.profilePicture} size={size} />
      {person?.isOnline && (
        <span
          className="absolute bottom-0 right-0 h-3 w-3 rounded-full bg-emerald-500 ring-2 ring-surface"
          role="img"
          aria-label={t`Online`}
          data-testid="online-dot"
        />
      )}
    </span>
  );
}
