import type { Note } from '@bantay/shared';

/** Notes grouped by day, each day's in the order the server gave (oldest first). */
export function notesByDay(notes: readonly Note[]): Map<string, Note[]> {
  const map = new Map<string, Note[]>();
  for (const note of notes) map.set(note.day, [...(map.get(note.day) ?? []), note]);
  return map;
}
