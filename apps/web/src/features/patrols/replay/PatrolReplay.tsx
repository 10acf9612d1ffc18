import { useEffect, useMemo, useRef, useState } from 'react';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Patrol, PatrolArea } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { DEFAULT_TIMEZONE, formatDate, formatDateTime, formatPeriod, formatZoned } from '@/lib/zoned-time.ts';
import { useAreas, usePatrolList, usePatrolTrack } from '../patrols-api.ts';
import { ATTENDANCE_LABEL } from '../patrol-labels.ts';
import { trackSpan } from './replay-logic.ts';
import { fullName } from '@/lib/full-name.ts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not prose
const ReplayMap = lazyMap(() => import('./ReplayMap.tsx'), 'h-80 lg:h-[28rem]');

/** How much faster than real time the replay runs. */
const SPEEDS = [10, 60, 300] as const;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Replay of any past patrol (docs/product.md §4.7): choose it, then play, pause or drag the time slider;
 * the map draws the route walked up to that moment.
 */
export function PatrolReplay() {
  const { t } = useLingui();
  const areaList = useAreas();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  const areas = areaList.data ?? [];
  const [range] = useState(() => ({ from: new Date(Date.now() - 14 * DAY_MS).toISOString(), to: new Date(Date.now() + DAY_MS).toISOString() }));
  const patrols = usePatrolList(range);
  const replayable = useMemo(() => (patrols.data ?? []).filter((patrol) => patrol.startedAt !== null), [patrols.data]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = replayable.find((patrol) => patrol._id === chosenId) ?? null;

  return (
    <section aria-labelledby="replay-heading" className="flex flex-col gap-3">
      <h2 id="replay-heading" className="text-xl font-semibold">
        <Trans>Patrol replay</Trans>
      </h2>
      {patrols.isPending ? (
        <Loading label={t`Loading the patrols…`} />
      ) : patrols.isError ? (
        <p role="alert" className="text-sm text-danger">
          <Trans>The patrols could not load.</Trans>{' '}
          <button type="button" className="font-semibold underline" onClick={() => void patrols.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : replayable.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          <Trans>No patrols in the last two weeks to replay.</Trans>
        </p>
      ) : (
        <div>
          <label htmlFor="replay-patrol" className="mb-1.5 block text-sm font-medium">
            <Trans>Patrol</Trans>
          </label>
          <select id="replay-patrol" className="input" value={chosenId ?? ''} onChange={(event) => setChosenId(event.target.value || null)}>
            <option value="">{t`Choose a patrol…`}</option>
            {replayable.map((patrol) => (
              <option key={patrol._id} value={patrol._id}>
                {patrolLabel(patrol, timeZone)}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen && <ReplayPlayer key={chosen._id} patrol={chosen} area={areas.find((area) => area._id === chosen.patrolArea._id) ?? null} timeZone={timeZone} />}
    </section>
  );
}

/** A patrol in the picker; called while rendering, so the global `t` reads the language on screen. */
function patrolLabel(patrol: Patrol, timeZone: string): string {
  const who = fullName(patrol.tanod);
  const label = `${formatDate(patrol.schedule.startsAt, timeZone)} · ${who} · ${patrol.patrolArea.name} · ${patrol.schedule.code}`;
  return patrol.state === 'on_patrol' ? translate`${label} (on patrol now)` : label;
}

function ReplayPlayer({ patrol, area, timeZone }: { patrol: Patrol; area: PatrolArea | null; timeZone: string }) {
  const { t } = useLingui();
  const track = usePatrolTrack(patrol._id);
  const points = useMemo(() => track.data?.points ?? [], [track.data]);
  const span = trackSpan(points);
  const [time, setTime] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(60);
  const current = time ?? span?.start ?? 0;
  const frameRef = useRef(0);

  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  });

  // Playback: advance the clock by real elapsed time × speed on each animation frame.
  useEffect(() => {
    if (!playing || !span) return;
    let last = performance.now();
    const step = (now: number) => {
      const next = Math.min(span.end, currentRef.current + (now - last) * speed);
      last = now;
      currentRef.current = next;
      setTime(next);
      if (next >= span.end) setPlaying(false);
      else frameRef.current = requestAnimationFrame(step);
    };
    frameRef.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frameRef.current);
  }, [playing, span?.start, span?.end, speed]); // eslint-disable-line react-hooks/exhaustive-deps -- span is rebuilt each render; its bounds are what matter

  // Seconds from the start; the last step is rounded up so the slider's end is the route's end.
  const sliderMax = span ? Math.ceil((span.end - span.start) / 1000) * 1000 : 0;
  const km = (patrol.distanceMeters / 1000).toFixed(2);
  const pointCount = points.length;

  if (track.isPending) return <Loading label={t`Loading the route…`} />;
  if (track.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        <Trans>The route could not load.</Trans>{' '}
        <button type="button" className="font-semibold underline" onClick={() => void track.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="replay-player">
      <p className="text-sm text-muted">
        {fullName(patrol.tanod)} · {patrol.patrolArea.name} ·{' '}
        {formatPeriod(patrol.schedule.startsAt, patrol.schedule.endsAt, timeZone)} · {t(ATTENDANCE_LABEL[patrol.attendance])} ·{' '}
        {t`${km} km · ${pointCount} points`}
      </p>
      {!span ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          <Trans>This patrol has no recorded route.</Trans>
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                if (current >= span.end) setTime(span.start);
                setPlaying((value) => !value);
              }}
            >
              {playing ? <Pause className="h-4 w-4" aria-hidden="true" /> : current >= span.end ? <RotateCcw className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
              {playing ? t`Pause` : current >= span.end ? t`Replay` : t`Play`}
            </button>
            <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
              <span className="sr-only">
                <Trans>Time</Trans>
              </span>
              <input
                type="range"
                min={0}
                max={sliderMax}
                step={1000}
                value={current >= span.end ? sliderMax : Math.round(current - span.start)}
                aria-valuetext={formatDateTime(new Date(current).toISOString(), timeZone)}
                onChange={(event) => {
                  setPlaying(false);
                  setTime(Math.min(span.end, span.start + Number(event.target.value)));
                }}
                className="w-full accent-brand-600"
              />
            </label>
            <output className="w-24 text-right font-mono text-sm" data-testid="replay-time">
              {formatZoned(current, 'h:mm:ss a', timeZone)}
            </output>
            <label className="flex items-center gap-2 text-sm">
              <Trans>Speed</Trans>
              <select className="input w-auto" value={speed} onChange={(event) => setSpeed(Number(event.target.value) as (typeof SPEEDS)[number])}>
                {SPEEDS.map((value) => (
                  <option key={value} value={value}>
                    {value}×
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ReplayMap points={points} time={current} color={patrol.patrolArea.color} area={area} patrolId={patrol._id} />
        </>
      )}
    </div>
  );
}
