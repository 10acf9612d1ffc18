import { MapPin, MessageSquareText, Phone, PhoneMissed, User } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INCIDENT_SOURCE_LABELS, type IncidentDetail } from '@bantay/shared';
import { formatPhoneForDisplay } from '@/lib/phone.ts';
import { callbackNumber, dateTimeText } from './incident-format.ts';

/**
 * A missed-call SOS (docs/decisions/032-the-text-line.md) says nothing but who rang and their
 * home: the first thing to do is call back, so the number is a big tap-to-call button on top.
 */
function CallBack({ number }: { number: string }) {
  const shown = formatPhoneForDisplay(number);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/40 bg-danger/10 p-3" data-testid="call-back">
      <PhoneMissed className="h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm font-medium">
        <Trans>A missed call to the barangay phone. Call back to learn what happened.</Trans>
      </p>
      <a className="btn btn-primary" href={`tel:${number}`}>
        <Phone className="h-4 w-4" aria-hidden="true" />
        <Trans>Call back {shown}</Trans>
      </a>
    </div>
  );
}

/** What staff need to know about a report: when, where, who reported it, and what they wrote. */
export function IncidentFacts({ incident }: { incident: IncidentDetail }) {
  const { t } = useLingui();
  const { reporter } = incident;
  const reportedAt = dateTimeText(incident.reportedAt);
  const accuracy = incident.location.accuracy ? Math.round(incident.location.accuracy) : null;
  const callBack = callbackNumber(incident);
  const source = incident.source && incident.source !== 'web' ? incident.source : null;
  return (
    <>
      {callBack && <CallBack number={callBack} />}
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
        {source && (
          <>
            <dt className="font-medium text-muted">
              <Trans>Came in by</Trans>
            </dt>
            <dd className="flex items-center gap-1" data-testid="incident-source">
              {source === 'missed_call' ? (
                <PhoneMissed className="h-4 w-4 text-muted" aria-hidden="true" />
              ) : (
                <MessageSquareText className="h-4 w-4 text-muted" aria-hidden="true" />
              )}
              {INCIDENT_SOURCE_LABELS[source]}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}
