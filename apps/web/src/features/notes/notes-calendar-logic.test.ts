import { describe, expect, it } from 'vitest';
import type { Note } from '@bantay/shared';
import { notesByDay } from './notes-calendar-logic.ts';

describe('the notes calendar', () => {
  it('groups notes by day in the order given', () => {
    const note = (id: string, day: string): Note => ({ _id: id, day, text: id, createdAt: '', updatedAt: '' });
    const grouped = notesByDay([note('a', '2026-11-25'), note('b', '2026-11-26'), note('c', '2026-11-25')]);
    expect(grouped.get('2026-11-25')!.map((n) => n._id)).toEqual(['a', 'c']);
    expect(grouped.get('2026-11-26')!.map((n) => n._id)).toEqual(['b']);
  });
});
