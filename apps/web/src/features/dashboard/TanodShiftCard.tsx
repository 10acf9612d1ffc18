import type { Schedule, TanodDashboard } from '@bantay/shared';
import { CalendarClock } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPeriod } from '@/lib/zoned-time.ts';
import { TanodCardFrame, TanodCardState } from './TanodCardFrame.tsx';
import { dayLabel, relativeSpan } from './tanod-format.ts';
import { fullName } from '@/lib/full-name.ts';

const ATTENDANCE_TEXT: Record<Schedule['members'][number]['attendance'], MessageDescriptor> = {
  not_started: msg`Patrol not started`,
  on_time: msg`Started on time`,
  late: msg`Started late`,
  absent: msg`Marked absent`,
};

interface ShiftProps {
  label: string;
  schedule: Schedule;
  data: TanodDashboard;
  me: string | undefined;
  now: number;
  emphasis?: boolean;
}

function Shift({ label, schedule, data, me, now, emphasis = false }: ShiftProps) {
  const { t } = useLingui();
  const { timezone, today } = data;
  const mine = schedule.members.find((member) => member._id === me);
  const leader = schedule.members.find((member) => member.isLeader);
  const others = schedule.members.filter((member) => member._id !== me);
  const starts = Date.parse(schedule.startsAt);
  const startSpan = relativeSpan(schedule.startsAt, now);
  const endSpan = relativeSpan(schedule.endsAt, now);
  const timing = starts > now ? t`Starts ${startSpan}` : t`Ends ${endSpan}`;
  const withNames = others
    .map((member) => {
      const name = fullName(member);
      return member.isLeader ? t`${name} (leader)` : name;
    })
    .join(', ');
  return (
    <div className={`rounded-lg p-3 ${emphasis ? 'border-2 border-brand-600' : 'border border-line'}`} data-testid={emphasis ? 'current-shift' : 'next-shift'}>
      <p className={`text-xs font-semibold uppercase tracking-wide ${emphasis ? 'text-brand-600' : 'text-muted'}`}>{label}</p>
      <p className="mt-1 font-semibold">
        {dayLabel(schedule.startsAt, today, timezone)} · {formatPeriod(schedule.startsAt, schedule.endsAt, timezone)}
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm">
        <span className="h-3 w-3 shrink-0 rounded-full ring-1 ring-line" style={{ background: schedule.patrolArea.color }} aria-hidden="true" />
        <span className="min-w-0 break-words">{schedule.patrolArea.name}</span>
        <span className="shrink-0 text-muted">· {schedule.code}</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        {timing}
        {mine && emphasis ? ` · ${t(ATTENDANCE_TEXT[mine.attendance])}` : ''}
      </p>
      {others.length > 0 && (
        <p className="mt-1 text-sm text-muted">
          <Trans>With {withNames}</Trans>
        </p>
      )}
      {mine?.isLeader && leader?._id === me && others.length > 0 && (
        <p className="mt-1 text-sm font-medium">
          <Trans>You lead this shift.</Trans>
        </p>
      )}
    </div>
  );
}

interface TanodShiftCardProps {
  data: TanodDashboard | undefined;
  me: string | undefined;
  now: number;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/** The shift under way (with my attendance) and the next one, in the barangay's timezone. */
export function TanodShiftCard({ data, me, now, isLoading, isError, onRetry }: TanodShiftCardProps) {
  const { t } = useLingui();
  return (
    <TanodCardFrame title={t`My shifts`} icon={CalendarClock} more={{ to: '/Schedule', label: t`My schedule` }} testId="tanod-shifts">
      {!data ? (
        <TanodCardState isLoading={isLoading} isError={isError} onRetry={onRetry} />
      ) : (
        <div className="space-y-3">
          {data.currentShift ? (
            <Shift label={t`On duty now`} schedule={data.currentShift} data={data} me={me} now={now} emphasis />
          ) : (
            <p className="text-sm text-muted">
              <Trans>You are not on a shift now.</Trans>
            </p>
          )}
          {data.nextShift ? (
            <Shift label={t`Next shift`} schedule={data.nextShift} data={data} me={me} now={now} />
          ) : (
            <p className="text-sm text-muted">
              <Trans>No upcoming shift is scheduled.</Trans>
            </p>
          )}
        </div>
      )}
    </TanodCardFrame>
  );
}
