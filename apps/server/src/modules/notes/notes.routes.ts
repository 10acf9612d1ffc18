import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createNoteSchema, noteListQuerySchema, noteListSchema, noteSchema, okSchema, updateNoteSchema } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { addNote, editNote, listMyNotes, removeNote } from './notes.service.ts';

const idParams = z.object({ id: z.uuid('Unknown note') });

/** Dashboard calendar notes: every staff member reads and writes their own only. */
export async function noteRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = requireAuth(deps, STAFF);
  const tags = ['notes'];

  r.get(
    '/api/notes',
    { schema: { tags, summary: 'My notes between two days', querystring: noteListQuerySchema, response: { 200: noteListSchema } }, onRequest: staffOnly },
    async (request) => ({ notes: await listMyNotes(deps, actorOf(request), request.query) }),
  );
  r.post(
    '/api/notes',
    { schema: { tags, summary: 'Add a note to a day', body: createNoteSchema, response: { 201: noteSchema } }, onRequest: staffOnly },
    async (request, reply) => reply.code(201).send(await addNote(deps, actorOf(request), request.body)),
  );
  r.patch(
    '/api/notes/:id',
    { schema: { tags, summary: 'Edit one of my notes', params: idParams, body: updateNoteSchema, response: { 200: noteSchema } }, onRequest: staffOnly },
    (request) => editNote(deps, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/notes/:id',
    { schema: { tags, summary: 'Delete one of my notes', params: idParams, response: { 200: okSchema } }, onRequest: staffOnly },
    async (request) => {
      await removeNote(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
