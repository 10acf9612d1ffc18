import { Trans, useLingui } from '@lingui/react/macro';
import type { EvidencePhoto, IncidentEvent } from '@bantay/shared';
import { evidenceCaption, notePhotos } from './evidence-logic.ts';
import { IncidentPhotos } from './IncidentPhotos.tsx';
import { dateTimeText, eventText } from './incident-format.ts';

/**
 * The staff timeline of docs/product.md §3, oldest first; notes, logs and reasons under their step, and a
 * note's photos from the scene under the note (`evidence`, staff only).
 */
export function Timeline({ events, evidence }: { events: IncidentEvent[]; evidence?: EvidencePhoto[] }) {
  const { t } = useLingui();
  if (events.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>No steps yet.</Trans>
      </p>
    );
  return (
    <ol className="relative ml-2 space-y-3 border-l-2 border-line pl-4" data-testid="incident-timeline">
      {events.map((event) => (
        <li key={event._id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full ring-2 ring-surface ${event.kind === 'note' ? 'bg-muted' : 'bg-brand-600'}`}
          />
          <p className="text-sm font-medium text-ink">{eventText(event)}</p>
          <p className="text-xs text-muted">
            <time dateTime={event.at}>{dateTimeText(event.at)}</time>
          </p>
          {event.detail && <p className="mt-1 whitespace-pre-wrap text-sm text-ink-soft">{event.detail}</p>}
          {event.kind === 'note' && notePhotos(evidence, event._id).length > 0 && (
            <div className="mt-2">
              <IncidentPhotos photos={notePhotos(evidence, event._id)} size="sm" of={t`the note`} caption={evidenceCaption} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
