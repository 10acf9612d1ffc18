/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. Drizzle
 * wraps driver errors, and the two drivers name the constraint differently, so the error and its
 * causes are searched.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      const name = candidate.constraint ?? candidate.constraint_name;
      return typeof name === 'string' ? name : 'unknown';
    }
    current = candidate.cause;
  }
  return null;
}
