import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNote, Note, UpdateNote } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

/** Every notes query lives under this key, so a write refreshes every open calendar. */
const NOTES_KEY = ['notes'] as const;

const enc = encodeURIComponent;

const fetchNotes = (range: { from: string; to: string }, signal?: AbortSignal) =>
  api<{ notes: Note[] }>(`/api/notes?from=${enc(range.from)}&to=${enc(range.to)}`, { signal }).then((data) => data.notes);
export const createNote = (body: CreateNote) => api<Note>('/api/notes', { method: 'POST', body });
export const updateNote = (id: string, body: UpdateNote) => api<Note>(`/api/notes/${enc(id)}`, { method: 'PATCH', body });
export const deleteNote = (id: string) => api<{ ok: true }>(`/api/notes/${enc(id)}`, { method: 'DELETE' });

/** `GET /api/notes?from=&to=`: my notes between two days (inclusive, `yyyy-MM-dd`). */
export function useNotes(range: { from: string; to: string }) {
  return useQuery({ queryKey: [...NOTES_KEY, range], queryFn: ({ signal }) => fetchNotes(range, signal) });
}

/** Notes change only through this browser's own calls (they are nobody else's), so a write refetches them. */
export function useInvalidateNotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NOTES_KEY });
}
