import { Star } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schedule, ScheduleStatus } from '@bantay/shared';
import { fullName } from '@/lib/full-name.ts';

export const SHIFT_LABEL = { day: msg`Day`, night: msg`Night`, custom: msg`Custom` } as const;

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes, not prose */
const STATUS_STYLE: Record<ScheduleStatus, string> = {
  upcoming: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  ongoing: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  completed: 'bg-surface-2 text-muted',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The status in lower case, as the chip has always written it (its CSS capitalises the first letter). */
const STATUS_LABEL = {
  upcoming: msg({ message: 'upcoming', context: 'schedule status' }),
  ongoing: msg({ message: 'ongoing', context: 'schedule status' }),
  completed: msg({ message: 'completed', context: 'schedule status' }),
} as const;

export function StatusChip({ status }: { status: ScheduleStatus }) {
  const { t } = useLingui();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[status]}`}>
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** The members, leader first and marked. */
export function MemberNames({ schedule }: { schedule: Schedule }) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-ink-soft" aria-label={t`Members`}>
      {schedule.members.map((member) => (
        <li key={member._id} className="inline-flex items-center gap-0.5">
          {member.isLeader && schedule.members.length > 1 && (
            <Star className="h-3 w-3 fill-amber-400 text-amber-500" aria-label={t`Leader`} />
          )}
          {fullName(member)}
          {member.isLeader && schedule.members.length > 1 && (
            <span className="sr-only">
              {' '}
              <Trans>(leader)</Trans>
            </span>
          )}
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
