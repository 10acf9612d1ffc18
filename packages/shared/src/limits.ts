/** Constants shared by the server rules and the web forms. */
export const LIMITS = {
  passwordMinLength: 10,
  passwordMaxLength: 200,
  usernameMaxLength: 64,
  nameMaxLength: 80,
  /** Product §4.12: ten failures in 15 minutes lock the account for 15 minutes. */
  loginMaxFailures: 10,
  loginFailureWindowMs: 15 * 60_000,
  loginLockMs: 15 * 60_000,
} as const;
