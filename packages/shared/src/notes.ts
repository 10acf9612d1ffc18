import { z } from 'zod';

/** Dashboard calendar notes (docs/product.md §3 "Note"): each staff member's own. */
export const NOTE_MAX_LENGTH = 500;

export const noteSchema = z.object({
  _id: z.string(),
  day: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

const noteText = z
  .string({ error: 'Text is required' })
  .trim()
  .min(1, 'Text is required')
  .max(NOTE_MAX_LENGTH, `Text must be at most ${NOTE_MAX_LENGTH} characters`);

export const createNoteSchema = z.object({ day: z.iso.date('day must be a date as YYYY-MM-DD'), text: noteText });
export type CreateNote = z.input<typeof createNoteSchema>;

export const updateNoteSchema = z.object({ day: z.iso.date('day must be a date as YYYY-MM-DD'), text: noteText }).partial();
export type UpdateNote = z.input<typeof updateNoteSchema>;

export const noteListQuerySchema = z
  .object({ from: z.iso.date('from must be a date as YYYY-MM-DD'), to: z.iso.date('to must be a date as YYYY-MM-DD') })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'to must not be before from' });

export const noteListSchema = z.object({ notes: z.array(noteSchema) });
