import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditEntity } from '@bantay/shared';

/**
 * The audit log's words for an entry's action and entity, in the language on screen. The English is
 * the shared vocabulary's own (AUDIT_ACTION_LABELS and AUDIT_ENTITY_LABELS in packages/shared; a
 * test holds them equal); translate at render.
 */
export const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Updated`,
  update_photo: msg`Changed the photo`,
  update_boundary: msg`Redrew the boundary`,
  delete: msg`Deleted`,
  retire: msg`Retired`,
  deactivate: msg`Deactivated`,
  reactivate: msg`Reactivated`,
  reset_password: msg`Reset the password`,
  approve: msg`Approved`,
  deploy: msg`Marked deployed`,
  reject: msg`Rejected`,
  cancel: msg`Cancelled`,
  complete: msg`Completed`,
  issue: msg`Lent out`,
  receive: msg`Received back`,
  assign: msg`Assigned`,
  resolve: msg`Resolved`,
  false_alarm: msg`Marked a false alarm`,
  hide: msg`Hid`,
  unhide: msg`Showed again`,
  export: msg`Downloaded`,
  erase: msg`Erased personal data`,
  view: msg`Viewed`,
  mark_confidential: msg`Marked confidential`,
  unmark_confidential: msg`Marked not confidential`,
};

export const ENTITY_LABELS: Record<AuditEntity, MessageDescriptor> = {
  user: msg`Staff account`,
  settings: msg`Barangay settings`,
  incident: msg`Incident`,
  assistance_request: msg`Backup request`,
  schedule: msg`Patrol schedule`,
  patrol_area: msg`Patrol area`,
  inventory_item: msg`Equipment`,
  loan: msg`Loan`,
  vehicle: msg`Vehicle`,
  trip: msg`Vehicle trip`,
  camera: msg`Camera`,
  evaluation: msg`Rating`,
  performance: msg`Performance report`,
  advisory: msg`Advisory`,
  resident: msg`Resident account`,
  blotter_entry: msg`Blotter entry`,
  blotter_hearing: msg`Lupon hearing`,
  blotter_copy_request: msg`Certified copy request`,
};
