/**
 * The constraint name when `error` (or one of its causes: drizzle wraps driver errors) is a
 * unique violation, else null. Lets a service turn a lost race into the same answer as its check.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return current.constraint ?? '';
  }
  return null;
}
