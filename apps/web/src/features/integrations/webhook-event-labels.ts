import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookEvent } from '@bantay/shared';

/** What each event is, in words for the supadmin choosing them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent | 'ping', MessageDescriptor> = {
  'incident.reported': msg`A new report (not an emergency)`,
  'incident.emergency_reported': msg`A new emergency report`,
  'incident.status_changed': msg`An incident's status changed`,
  'assistance.requested': msg`A tanod asked for backup`,
  'advisory.published': msg`An advisory came into force`,
  'patrol.missed': msg`A tanod missed a patrol`,
  ping: msg`Test`,
};
