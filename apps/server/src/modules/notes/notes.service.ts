import { msg } from '@lingui/core/macro';
import type { Note, createNoteSchema, noteListQuerySchema, updateNoteSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { NoteRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { deleteOwnNote, insertNote, listNotesOf, updateOwnNote } from './notes.repository.ts';

// A calendar shows a month or so; a year is plenty and keeps one answer small.
const MAX_RANGE_DAYS = 366;

const present = (row: NoteRow): Note => ({
  _id: row.id,
  day: row.day,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listMyNotes(deps: AppDeps, actor: Actor, query: z.output<typeof noteListQuerySchema>): Promise<Note[]> {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days > MAX_RANGE_DAYS) {
    const max = MAX_RANGE_DAYS;
    throw new AppError('VALIDATION_FAILED', msg`Ask for at most ${max} days at a time`, {
      fields: [{ field: 'to', message: msg`Ask for at most ${max} days at a time` }],
    });
  }
  return (await listNotesOf(deps.db, actor.id, query.from, query.to)).map(present);
}

export async function addNote(deps: AppDeps, actor: Actor, input: z.output<typeof createNoteSchema>): Promise<Note> {
  return present(await insertNote(deps.db, { userId: actor.id, day: input.day, text: input.text, now: deps.clock.now() }));
}

/** Someone else's note is "not found": its existence is nobody else's business. */
export async function editNote(deps: AppDeps, actor: Actor, id: string, input: z.output<typeof updateNoteSchema>): Promise<Note> {
  const row = await updateOwnNote(deps.db, actor.id, id, { ...input, now: deps.clock.now() });
  if (!row) throw notFound(msg`Note not found`);
  return present(row);
}

export async function removeNote(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteOwnNote(deps.db, actor.id, id))) throw notFound(msg`Note not found`);
}
