import { msg } from '@lingui/core/macro';

/** A tanod's attendance at a patrol, as the patrol screens name it (translated where shown). */
export const ATTENDANCE_LABEL = {
  on_time: msg`On time`,
  late: msg`Late`,
  absent: msg`Absent`,
  not_started: msg`Not started`,
} as const;
