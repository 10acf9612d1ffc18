import { MapPin, Phone, User } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentDetail } from '@bantay/shared';
import { dateTimeText } from './incident-format.ts';

/** What staff need to know about a report: when, where, who reported it, and what they wrote. */
export function IncidentFacts({ incident }: { incident: IncidentDetail }) {
  const { t } = useLingui();
  const { reporter } = incident;
  const reportedAt = dateTimeText(incident.reportedAt);
  const accuracy = incident.location.accuracy ? Math.round(incident.location.accuracy) : null;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-muted">
        <Trans>What happened</Trans>
      </dt>
      <dd className="whitespace-pre-wrap text-ink">{incident.description || t`No description (emergency report).`}</dd>
      <dt className="font-medium text-muted">
        <Trans>When</Trans>
      </dt>
      <dd>
        <time dateTime={incident.occurredAt}>{dateTimeText(incident.occurredAt)}</time>
        <span className="text-muted">
          {' · '}
          <Trans>
            reported <time dateTime={incident.reportedAt}>{reportedAt}</time>
          </Trans>
        </span>
      </dd>
      <dt className="font-medium text-muted">
        <Trans>Where</Trans>
      </dt>
      <dd className="flex items-start gap-1">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        <span>
          {[incident.address, incident.landmark].filter(Boolean).join(' · ') || t`No address given`}
          <span className="block text-xs text-muted">
            {incident.location.lat.toFixed(5)}, {incident.location.lng.toFixed(5)}
            {accuracy ? ` ${t`(±${accuracy} m)`}` : ''}
          </span>
        </span>
      </dd>
      <dt className="font-medium text-muted">
        <Trans>Reporter</Trans>
      </dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1">
          <User className="h-4 w-4 text-muted" aria-hidden="true" />
          {reporter.name ?? t`Anonymous`}
          {reporter._id ? (
            <span className="text-xs text-muted">
              <Trans>(resident account)</Trans>
            </span>
          ) : null}
        </span>
        {reporter.phoneNumber && (
          <a className="inline-flex items-center gap-1 font-medium text-brand-600 underline" href={`tel:${reporter.phoneNumber}`}>
            <Phone className="h-4 w-4" aria-hidden="true" />
            {reporter.phoneNumber}
          </a>
        )}
      </dd>
    </dl>
  );
}
