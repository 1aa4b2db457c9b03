// Templates tab API (spec 2 "Templates tab"). Thin routes: parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTemplateSchema,
  listTemplatesQuerySchema,
  TEMPLATE_MESSAGES,
  templatePageSchema,
  templateSchema,
  updateTemplateSchema,
} from '../../../domain/templates';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['templates'];
const templateParams = z.object({ templateId: z.uuid({ message: TEMPLATE_MESSAGES.templateNotFound }) });

export async function templateRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/templates',
    {
      schema: {
        tags,
        summary: 'Templates of the organization, newest first, searched and paginated',
        querystring: listTemplatesQuerySchema,
        response: { 200: templatePageSchema, ...errors },
      },
    },
    async (request) => listTemplates(platform, await requireActor(platform, request), request.query),
  );

  typed.get(
    '/api/templates/:templateId',
    { schema: { tags, summary: 'One template with its fields', params: templateParams, response: { 200: templateSchema, ...errors } } },
    async (request) => getTemplate(platform, await requireActor(platform, request), request.params.templateId),
  );

  typed.post(
    '/api/templates',
    { schema: { tags, summary: 'Create a template', body: createTemplateSchema, response: { 201: templateSchema, ...errors } } },
    async (request, reply) => {
      const template = await createTemplate(platform, await requireActor(platform, request), request.body);
      return reply.status(201).send(template);
    },
  );

  typed.patch(
    '/api/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Update a template (existing projects keep their copy of the fields)',
        params: templateParams,
        body: updateTemplateSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      updateTemplate(platform, await requireActor(platform, request), request.params.templateId, request.body),
  );

  typed.delete(
    '/api/templates/:templateId',
    { schema: { tags, summary: 'Delete a template', params: templateParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteTemplate(platform, await requireActor(platform, request), request.params.templateId);
      return reply.status(204).send(null);
    },
  );
}
