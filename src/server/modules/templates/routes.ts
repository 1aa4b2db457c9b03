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
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { BODY_LIMITS } from '../../platform/request-bodies';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['templates'];
const templateParams = z.object({ templateId: z.uuid({ message: TEMPLATE_MESSAGES.templateNotFound.id }) });

export async function templateRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/templates',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Templates of the organization, newest first, searched and paginated',
        querystring: listTemplatesQuerySchema,
        response: { 200: templatePageSchema, ...errors },
      },
    },
    async (request) => listTemplates(platform, request.actor, request.query),
  );

  typed.get(
    '/api/templates/:templateId',
    { config: { access: 'member' }, schema: { tags, summary: 'One template with its fields', params: templateParams, response: { 200: templateSchema, ...errors } } },
    async (request) => getTemplate(platform, request.actor, request.params.templateId),
  );

  typed.post(
    '/api/templates',
    { config: { access: 'member' }, bodyLimit: BODY_LIMITS.questionnaire, schema: { tags, summary: 'Create a template', body: createTemplateSchema, response: { 201: templateSchema, ...errors } } },
    async (request, reply) => {
      const template = await createTemplate(platform, request.actor, request.body);
      return reply.status(201).send(template);
    },
  );

  typed.patch(
    '/api/templates/:templateId',
    {
      config: { access: 'member' },
      bodyLimit: BODY_LIMITS.questionnaire,
      schema: {
        tags,
        summary: 'Update a template (existing projects keep their copy of the fields)',
        params: templateParams,
        body: updateTemplateSchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      updateTemplate(platform, request.actor, request.params.templateId, request.body),
  );

  typed.delete(
    '/api/templates/:templateId',
    { config: { access: 'member' }, schema: { tags, summary: 'Delete a template', params: templateParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteTemplate(platform, request.actor, request.params.templateId);
      return reply.status(204).send(null);
    },
  );
}
