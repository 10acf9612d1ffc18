import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

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
  .string(zodMessage(msg`Text is required`))
  .trim()
  .min(1, zodMessage(msg`Text is required`))
  .max(NOTE_MAX_LENGTH, zodMessage(msg`Text must be at most ${ph({ max: NOTE_MAX_LENGTH })} characters`));

export const createNoteSchema = z.object({ day: z.iso.date(zodMessage(msg`day must be a date as YYYY-MM-DD`)), text: noteText });
export type CreateNote = z.input<typeof createNoteSchema>;

export const updateNoteSchema = z.object({ day: z.iso.date(zodMessage(msg`day must be a date as YYYY-MM-DD`)), text: noteText }).partial();
export type UpdateNote = z.input<typeof updateNoteSchema>;

export const noteListQuerySchema = z
  .object({ from: z.iso.date(zodMessage(msg`from must be a date as YYYY-MM-DD`)), to: z.iso.date(zodMessage(msg`to must be a date as YYYY-MM-DD`)) })
  .refine((query) => query.from <= query.to, { path: ['to'], ...zodMessage(msg`to must not be before from`) });

export const noteListSchema = z.object({ notes: z.array(noteSchema) });
