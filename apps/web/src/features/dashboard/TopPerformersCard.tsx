import { Trophy } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminDashboard } from '@bantay/shared';
import { fullName } from '@/lib/full-name.ts';
import { TanodCardFrame } from './TanodCardFrame.tsx';

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

/** The period's best five by the performance ranking, with the figures the score leans on. */
export function TopPerformersCard({ data }: { data: AdminDashboard }) {
  const { t } = useLingui();
  return (
    <TanodCardFrame title={t`Top performers`} icon={Trophy} testId="top-performers" more={{ to: '/ManageTanod', label: t`All tanods` }}>
      {data.topPerformers.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No active tanods to rank yet.</Trans>
        </p>
      ) : (
        <ol className="space-y-2">
          {data.topPerformers.map((performer) => {
            const { rank, patrolsCompleted, incidentsResolved } = performer;
            const attendance = percent(performer.attendanceRate);
            return (
              <li key={performer.tanod._id} className="flex items-center gap-3">
                <span
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-fill text-sm font-bold text-white"
                  aria-label={performer.tiedWith > 0 ? t`Rank ${rank}, tied` : t`Rank ${rank}`}
                >
                  {performer.rank}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">
                    {fullName(performer.tanod)}
                  </span>
                  <span className="block text-xs text-muted">
                    {performer.tiedWith > 0 && `${t`Tied`} · `}
                    {t`${patrolsCompleted} patrols · ${incidentsResolved} resolved · attendance ${attendance}`}
                    {performer.ratingAverage !== null && ` · ★ ${performer.ratingAverage.toFixed(1)}`}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums text-ink" title={t`Performance score (0–100)`}>
                  {Math.round(performer.score)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </TanodCardFrame>
  );
}
