/**
 * The account and two-factor constants the browser needs, mirrored from `packages/shared`
 * (SECURITY_LIMITS and PASSWORD_MESSAGES in account.ts). That module also builds its zod schemas
 * at load time, so importing even one constant from it puts zod (about 25 KB gzip) into the
 * public password pages and the staff layout. `account-rules.test.ts` keeps the copies equal.
 */
export const ACCOUNT_RULES = {
  codeLength: 6,
  phoneMinLength: 10,
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'] as readonly string[],
} as const;

export const PASSWORD_TEXTS = {
  tooShort: 'Password must be at least 10 characters',
  tooLong: 'Password must be at most 200 characters',
  tooCommon: 'This password is too common or too easy to guess. Try a longer phrase or add unusual words.',
  required: 'Password is required',
} as const;
