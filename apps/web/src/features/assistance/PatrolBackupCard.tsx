import { Trans } from '@lingui/react/macro';
import { RequestBackupButton } from './RequestBackupButton.tsx';

interface PatrolBackupCardProps {
  /** The patrol's last fix, sent when the phone gives no fresh position in time. */
  fallbackPosition?: { lat: number; lng: number; accuracy?: number } | null;
}

/**
 * Backup from the patrol map with no incident: trouble a tanod meets on the round
 * is not a report yet, so the call carries only where they are and why. With an active incident
 * the incident's panel offers the call instead, tied to the incident.
 */
export function PatrolBackupCard({ fallbackPosition }: PatrolBackupCardProps) {
  return (
    <section aria-labelledby="patrol-backup-title" className="card space-y-2">
      <h2 id="patrol-backup-title" className="text-lg font-semibold">
        <Trans>Need backup?</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Sends where you are now and your reason to the admins and the tanods on duty nearby.</Trans>
      </p>
      <RequestBackupButton fallbackPosition={fallbackPosition} />
    </section>
  );
}
