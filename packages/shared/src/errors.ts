/**
 * Every error the API returns has one of these codes. The HTTP status is derived from the code,
 * so the server and the web client agree on what each failure means.
 *
 * The codes the issues spell out for their features (`already_taken`, `schedule_conflict`,
 * `insufficient_stock`, …) keep that lower-case spelling, since clients and checks match on them;
 * the older general codes stay upper-case.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** The phone number cannot be read as a real number ('Please enter a valid phone number'). */
  INVALID_PHONE_NUMBER: 400,
  /** A wrong, expired or used verification code ('Invalid verification code'). */
  INVALID_CODE: 400,
  /** The bot-check payload is missing, wrong, expired or already used. */
  BOT_CHECK_FAILED: 400,
  /** A password-reset link that is unknown, used or expired. */
  INVALID_RESET_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_DEACTIVATED: 403,
  /** Signed in with a one-time password; every call but the password change is refused until then. */
  password_change_required: 403,
  /** A report asks the admin to re-enter their password, and it was wrong. */
  wrong_password: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /**
   * Another tanod claimed the incident first; `details.takenBy` names who took it.
   */
  already_taken: 409,
  /** The tanod already holds an in-progress incident; `details.incident` names it. */
  has_active_incident: 409,
  /** A borrow asks for more units than are available; the message names both numbers. */
  insufficient_stock: 409,
  /** An approved trip of the same vehicle overlaps; the message names it. */
  vehicle_booked: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  // Patrols: the brief's lower-case codes, which the web shows as they are named.
  /** A member or the area is on an overlapping schedule, end not after start, a deactivated tanod. */
  schedule_conflict: 409,
  /** Start Patrol more than 30 minutes before the schedule's start. */
  too_early: 422,
  /** Start Patrol after the schedule's end. */
  shift_over: 422,
  /** Start Patrol from outside the schedule's area (allowing for the GPS accuracy). */
  outside_area: 422,
  /** Start Patrol on a schedule the caller is not a member of. */
  not_a_member: 422,
  /** Tracking or a patrol action by a tanod who is neither on patrol nor on an ongoing schedule. */
  not_on_duty: 422,
  RATE_LIMITED: 429,
  ACCOUNT_LOCKED: 429,
  INTERNAL: 500,
  /** An outside service (SMS gateway, mail server, bot-check provider) failed. */
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  /** Dotted path of the failing field, e.g. `location.lat`. */
  field: string;
  message: string;
}

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: FieldError[];
    /** Machine-readable facts about a conflict (who took an incident, its current status). */
    details?: Record<string, unknown>;
  };
}
