import { Star } from 'lucide-react';
import type { Schedule, ScheduleStatus } from '@bantay/shared';

export const SHIFT_LABEL = { day: 'Day', night: 'Night', custom: 'Custom' } as const;

const STATUS_STYLE: Record<ScheduleStatus, string> = {
  upcoming: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  ongoing: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  completed: 'bg-surface-2 text-muted',
};

export function StatusChip({ status }: { status: ScheduleStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[status]}`}>{status}</span>;
}

/** The members, leader first and marked. */
export function MemberNames({ schedule }: { schedule: Schedule }) {
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-ink-soft" aria-label="Members">
      {schedule.members.map((member) => (
        <li key={member._id} className="inline-flex items-center gap-0.5">
          {member.isLeader && schedule.members.length > 1 && <Star className="h-3 w-3 fill-amber-400 text-amber-500" aria-label="Leader" />}
          {member.firstName} {member.lastName}
          {member.isLeader && schedule.members.length > 1 && <span className="sr-only"> (leader)</span>}
        </li>
      ))}
    </ul>
  );
}

export function AreaTag({ schedule }: { schedule: Schedule }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
      <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: schedule.patrolArea.color }} aria-hidden="true" />
      <span className="truncate">{schedule.patrolArea.name}</span>
    </span>
  );
}
