import { Pencil, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schedule } from '@bantay/shared';
import { formatDate, formatPeriod } from '@/lib/zoned-time.ts';
import { AreaTag, MemberNames, SHIFT_LABEL, StatusChip } from './schedule-parts.tsx';

/** Schedules as a list: one card per schedule, with its actions when the viewer may change it. */
export function ScheduleList({
  schedules,
  timeZone,
  onEdit,
  onDelete,
}: {
  schedules: Schedule[];
  timeZone: string;
  onEdit?(schedule: Schedule): void;
  onDelete?(schedule: Schedule): void;
}) {
  const { t } = useLingui();
  return (
    <ul className="flex flex-col gap-2" data-testid="schedule-list">
      {schedules.map((schedule) => {
        const code = schedule.code;
        return (
        <li key={schedule._id} className="flex flex-wrap items-start gap-3 rounded-xl border border-line bg-surface p-3" style={{ borderLeft: `4px solid ${schedule.patrolArea.color}` }}>
          <div className="min-w-0 flex-1 basis-60">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs text-muted">{schedule.code}</span>
              <StatusChip status={schedule.status} />
              {schedule.seriesId && (
                <span className="text-xs text-muted">
                  <Trans>repeats</Trans>
                </span>
              )}
            </div>
            <p className="mt-1 text-sm font-semibold">
              {formatDate(schedule.startsAt, timeZone)} · {t(SHIFT_LABEL[schedule.shift])} · {formatPeriod(schedule.startsAt, schedule.endsAt, timeZone)}
            </p>
            <AreaTag schedule={schedule} />
            <MemberNames schedule={schedule} />
            {schedule.notes && <p className="mt-1 text-xs text-muted">{schedule.notes}</p>}
          </div>
          {(onEdit || onDelete) && schedule.status !== 'completed' && (
            <div className="flex gap-1">
              {onEdit && (
                <button type="button" className="icon-btn" aria-label={t`Edit ${code}`} onClick={() => onEdit(schedule)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
              {onDelete && (
                <button type="button" className="icon-btn text-danger" aria-label={t`Delete ${code}`} onClick={() => onDelete(schedule)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
          )}
        </li>
        );
      })}
    </ul>
  );
}
