// Rates and budgets API (issue 32 item 3, decision 037). Thin routes; the services check roles.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberRateResultSchema,
  memberRateSchema,
  organizationCurrencySchema,
  projectBudgetDetailSchema,
  projectBudgetSchema,
  updateCurrencySchema,
} from '../../../domain/budgets';
import { TEAM_MESSAGES } from '../../../domain/team';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { changeCurrency, getProjectBudget, setMemberRate, setProjectBudget } from './service';

const errors = errorResponses(400, 401, 403, 404);
const memberParams = z.object({ memberId: z.uuid({ message: TEAM_MESSAGES.notFound.id }) });

export async function budgetRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.put(
    '/api/organization/currency',
    {
      config: { access: 'member' },
      schema: {
        tags: ['organizations'],
        summary: "Set the organization's currency (ISO 4217) for rates, budgets and reports (organization_admin and admin)",
        body: updateCurrencySchema,
        response: { 200: organizationCurrencySchema, ...errors },
      },
    },
    async (request) => changeCurrency(platform, request.actor, request.body.currency),
  );

  typed.put(
    '/api/team/:memberId/rate',
    {
      config: { access: 'member' },
      schema: {
        tags: ['team'],
        summary: "Set a member's default hourly rate in minor units (staff, for members ranked below them)",
        params: memberParams,
        body: memberRateSchema,
        response: { 200: memberRateResultSchema, ...errors },
      },
    },
    async (request) => setMemberRate(platform, request.actor, request.params.memberId, request.body),
  );

  typed.get(
    '/api/projects/:projectId/budget',
    {
      config: { access: 'member' },
      schema: {
        tags: ['projects'],
        summary: "A project's rate, budget and what is spent of it (staff; developers never see rates or money)",
        params: projectParams,
        response: { 200: projectBudgetDetailSchema, ...errors },
      },
    },
    async (request) => getProjectBudget(platform, request.actor, request.params.projectId),
  );

  typed.put(
    '/api/projects/:projectId/budget',
    {
      config: { access: 'member' },
      schema: {
        tags: ['projects'],
        summary: "Set a project's hourly rate and its budget in hours (minutes) or money (minor units) (staff)",
        params: projectParams,
        body: projectBudgetSchema,
        response: { 200: projectBudgetDetailSchema, ...errors },
      },
    },
    async (request) => setProjectBudget(platform, request.actor, request.params.projectId, request.body),
  );
}
