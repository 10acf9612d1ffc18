import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { notes, type NoteRow } from '../../db/schema/index.ts';

export async function listNotesOf(db: Executor, userId: string, from: string, to: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), gte(notes.day, from), lte(notes.day, to)))
    .orderBy(asc(notes.day), asc(notes.createdAt));
}

export async function insertNote(db: Executor, values: { userId: string; day: string; text: string; now: Date }): Promise<NoteRow> {
  const [row] = await db
    .insert(notes)
    .values({ userId: values.userId, day: values.day, text: values.text, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

/** Updates the note only when it belongs to `userId`; undefined otherwise. */
export async function updateOwnNote(
  db: Executor,
  userId: string,
  id: string,
  values: { day?: string; text?: string; now: Date },
): Promise<NoteRow | undefined> {
  const [row] = await db
    .update(notes)
    .set({ ...(values.day ? { day: values.day } : {}), ...(values.text ? { text: values.text } : {}), updatedAt: values.now })
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwnNote(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(notes).where(and(eq(notes.id, id), eq(notes.userId, userId))).returning({ id: notes.id });
  return rows.length > 0;
}
