// Clients tab API (spec 2 "Clients tab"). Thin routes: parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientOptionPageSchema,
  clientOptionsQuerySchema,
  clientPageSchema,
  clientSchema,
  createClientSchema,
  listClientsQuerySchema,
  updateClientSchema,
} from '../../../domain/clients';
import { CLIENT_EXPORT_COLUMNS, EXPORT_PAGE_SIZE, exportClientsQuerySchema } from '../../../domain/csv-export';
import { csvFileSchema, sendCsvPages } from '../../platform/csv-response';
import { documentLocale } from '../../services/request-context';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { createClient, getClient, listClientOptions, listClients, updateClient } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['clients'];

export async function clientRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/clients',
    { config: { access: 'member' }, schema: { tags, summary: 'Clients, newest first, paginated', querystring: listClientsQuerySchema, response: { 200: clientPageSchema, ...errors } } },
    async (request) => listClients(platform, request.actor, request.query),
  );

  typed.get(
    '/api/clients/export',
    {
      config: { access: 'member' },
      schema: { tags, summary: 'Every client matching the search, as a CSV download (staff)', querystring: exportClientsQuerySchema, produces: ['text/csv'], response: { 200: csvFileSchema, ...errors } },
    },
    async (request, reply) => {
      const actor = request.actor;
      return sendCsvPages(reply, { list: 'clients', clock: platform.clock, locale: await documentLocale(platform, request) }, CLIENT_EXPORT_COLUMNS, (cursor) =>
        listClients(platform, actor, { ...request.query, cursor, limit: EXPORT_PAGE_SIZE }),
      );
    },
  );

  typed.get(
    '/api/clients/options',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Client names for pickers, ordered by name, paginated',
        querystring: clientOptionsQuerySchema,
        response: { 200: clientOptionPageSchema, ...errors },
      },
    },
    async (request) => listClientOptions(platform, request.actor, request.query),
  );

  typed.post(
    '/api/clients',
    { config: { access: 'member' }, schema: { tags, summary: 'Create a client', body: createClientSchema, response: { 201: clientSchema, ...errors } } },
    async (request, reply) => {
      const client = await createClient(platform, request.actor, request.body);
      return reply.status(201).send(client);
    },
  );

  typed.get(
    '/api/clients/:clientId',
    {
      config: { access: 'member' },
      schema: { tags, summary: 'One client (a search result opens it)', params: z.object({ clientId: z.uuid({ message: 'Client not found' }) }), response: { 200: clientSchema, ...errors } },
    },
    async (request) => getClient(platform, request.actor, request.params.clientId),
  );

  typed.patch(
    '/api/clients/:clientId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Update a client',
        params: z.object({ clientId: z.uuid({ message: 'Client not found' }) }),
        body: updateClientSchema,
        response: { 200: clientSchema, ...errors },
      },
    },
    async (request) => updateClient(platform, request.actor, request.params.clientId, request.body),
  );
}
