// Notes API for the project page (spec 2 "Notes"). Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTE_MESSAGES, noteContentSchema, noteSchema } from '../../../domain/notes';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { memberProjectAccess } from '../projects/member-access';
import { addNote, deleteNote, editNote, listNotes } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['notes'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const noteParams = projectParams.extend({ noteId: z.uuid({ message: NOTE_MESSAGES.notFound }) });

export async function noteRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/notes',
    {
      schema: { tags, summary: "A project's notes with their authors, newest first", params: projectParams, response: { 200: z.object({ items: z.array(noteSchema) }), ...errors } },
    },
    async (request) => ({ items: await listNotes(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId)) }),
  );

  typed.post(
    '/api/projects/:projectId/notes',
    { schema: { tags, summary: 'Add a note', params: projectParams, body: noteContentSchema, response: { 201: noteSchema, ...errors } } },
    async (request, reply) => {
      const note = await addNote(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId), request.body);
      return reply.status(201).send(note);
    },
  );

  typed.patch(
    '/api/projects/:projectId/notes/:noteId',
    { schema: { tags, summary: 'Edit your own note', params: noteParams, body: noteContentSchema, response: { 200: noteSchema, ...errors } } },
    async (request) =>
      editNote(
        platform,
        memberProjectAccess(await requireActor(platform, request), request.params.projectId),
        request.params.noteId,
        request.body,
      ),
  );

  typed.delete(
    '/api/projects/:projectId/notes/:noteId',
    { schema: { tags, summary: 'Delete your own note', params: noteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteNote(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId), request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}
