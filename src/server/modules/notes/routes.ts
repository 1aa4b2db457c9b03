// Notes API (spec 2 "Notes"): the project page's routes for members and the shared page's for
// anyone holding a link, through the project access gate. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTE_MESSAGES, noteContentSchema, noteSchema, sharedNoteSchema, toSharedNote } from '../../../domain/notes';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { linkReadAccess, linkRouteErrors, linkWriteAccess, sharedLinkParams } from '../../platform/project-access/link';
import { memberProjectAccess } from '../../platform/project-access/member';
import { addNote, deleteNote, editNote, listNotes } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['notes'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const noteId = z.uuid({ message: NOTE_MESSAGES.notFound });
const noteParams = projectParams.extend({ noteId });
const sharedNoteParams = sharedLinkParams.extend({ noteId });

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

  // Anyone holding a share link (the shared project page): notes without their authors' emails.

  typed.get(
    '/api/project-access/:token/notes',
    { schema: { tags: ['sharing'], summary: "The shared project's notes", params: sharedLinkParams, response: { 200: z.object({ items: z.array(sharedNoteSchema) }), ...linkRouteErrors } } },
    async (request) => ({ items: (await listNotes(platform, await linkReadAccess(platform, request))).map(toSharedNote) }),
  );

  typed.post(
    '/api/project-access/:token/notes',
    { schema: { tags: ['sharing'], summary: 'Add a note (signed in)', params: sharedLinkParams, body: noteContentSchema, response: { 201: sharedNoteSchema, ...linkRouteErrors } } },
    async (request, reply) => reply.status(201).send(toSharedNote(await addNote(platform, await linkWriteAccess(platform, request), request.body))),
  );

  typed.patch(
    '/api/project-access/:token/notes/:noteId',
    { schema: { tags: ['sharing'], summary: 'Edit your own note (signed in)', params: sharedNoteParams, body: noteContentSchema, response: { 200: sharedNoteSchema, ...linkRouteErrors } } },
    async (request) => toSharedNote(await editNote(platform, await linkWriteAccess(platform, request), request.params.noteId, request.body)),
  );

  typed.delete(
    '/api/project-access/:token/notes/:noteId',
    { schema: { tags: ['sharing'], summary: 'Delete your own note (signed in)', params: sharedNoteParams, response: { 204: z.null(), ...linkRouteErrors } } },
    async (request, reply) => {
      await deleteNote(platform, await linkWriteAccess(platform, request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}
