/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error. Both
 * drivers wrap the database error differently, so the cause chain is walked.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return current.constraint ?? '';
  }
  return null;
}
