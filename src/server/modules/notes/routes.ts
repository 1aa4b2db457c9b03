// Notes API (spec 2 "Notes"): the project page's routes for members and the shared page's for
// anyone holding a link, through the project access gate. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTE_MESSAGES, noteContentSchema, notePageSchema, noteSchema, sharedNotePageSchema, sharedNoteSchema, toSharedNote } from '../../../domain/notes';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { linkRouteErrors, sharedLinkParams } from '../../services/project-access/link';
import { addNote, deleteNote, editNote, listNotes } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['notes'];
const noteId = z.uuid({ message: NOTE_MESSAGES.notFound.id });
const noteParams = projectParams.extend({ noteId });
const sharedNoteParams = sharedLinkParams.extend({ noteId });

export async function noteRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/notes',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary: "A page of a project's notes with their authors, newest first, and how many there are",
        params: projectParams,
        querystring: projectListQuerySchema,
        response: { 200: notePageSchema, ...errors },
      },
    },
    async (request) => listNotes(platform, request.projectAccess, request.query),
  );

  typed.post(
    '/api/projects/:projectId/notes',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Add a note', params: projectParams, body: noteContentSchema, response: { 201: noteSchema, ...errors } } },
    async (request, reply) => {
      const note = await addNote(platform, request.projectAccess, request.body);
      return reply.status(201).send(note);
    },
  );

  typed.patch(
    '/api/projects/:projectId/notes/:noteId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Edit your own note', params: noteParams, body: noteContentSchema, response: { 200: noteSchema, ...errors } } },
    async (request) =>
      editNote(
        platform,
        request.projectAccess,
        request.params.noteId,
        request.body,
      ),
  );

  typed.delete(
    '/api/projects/:projectId/notes/:noteId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Delete your own note', params: noteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteNote(platform, request.projectAccess, request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  // Anyone holding a share link (the shared project page): notes without their authors' emails.

  typed.get(
    '/api/project-access/:token/notes',
    {
      config: { access: 'link-read' },
      schema: { tags: ['sharing'], summary: "A page of the shared project's notes", params: sharedLinkParams, querystring: projectListQuerySchema, response: { 200: sharedNotePageSchema, ...linkRouteErrors } },
    },
    async (request) => {
      const page = await listNotes(platform, request.projectAccess, request.query);
      return { ...page, items: page.items.map(toSharedNote) };
    },
  );

  typed.post(
    '/api/project-access/:token/notes',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Add a note (signed in)', params: sharedLinkParams, body: noteContentSchema, response: { 201: sharedNoteSchema, ...linkRouteErrors } } },
    async (request, reply) => reply.status(201).send(toSharedNote(await addNote(platform, request.projectAccess, request.body))),
  );

  typed.patch(
    '/api/project-access/:token/notes/:noteId',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Edit your own note (signed in)', params: sharedNoteParams, body: noteContentSchema, response: { 200: sharedNoteSchema, ...linkRouteErrors } } },
    async (request) => toSharedNote(await editNote(platform, request.projectAccess, request.params.noteId, request.body)),
  );

  typed.delete(
    '/api/project-access/:token/notes/:noteId',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Delete your own note (signed in)', params: sharedNoteParams, response: { 204: z.null(), ...linkRouteErrors } } },
    async (request, reply) => {
      await deleteNote(platform, request.projectAccess, request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}
