// Intake API (issue 15; src/domain/intake.ts): the intake link's viewer answers the project's
// questionnaire without an account; staff reopen or lock it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intakeActionSchema, intakeAnswersInputSchema, intakeViewSchema } from '../../../domain/intake';
import { INTAKE_STATES } from '../../../domain/intake-state';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { linkRouteErrors, sharedLinkParams } from '../../services/project-access/link';
import { projectParams } from '../../services/project-access/member';
import { admitIntakeWrite, changeIntake, getIntake, saveIntakeDraft, submitIntake } from './service';

const tags = ['intake'];
const linkParams = projectParams.extend({ linkId: z.uuid({ message: SHARING_MESSAGES.linkNotFound.id }) });

export async function intakeRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Anyone holding an intake link, signed in or not. A write's link, intake state and rate limit
  // are checked before its body is read (decision 019): the request context's hook, then this.
  const admit = async (request: FastifyRequest) => {
    await admitIntakeWrite(platform, request.sharedLink);
  };

  typed.get(
    '/api/project-access/:token/intake',
    {
      config: { access: 'link-read', questionnaire: true },
      schema: { tags, summary: "An intake link's questions and the answers so far", params: sharedLinkParams, response: { 200: intakeViewSchema, ...linkRouteErrors } },
    },
    async (request) => getIntake(platform, request.sharedLink),
  );

  typed.put(
    '/api/project-access/:token/intake/draft',
    {
      config: { access: 'link-write', questionnaire: true },
      preParsing: admit,
      schema: {
        tags,
        summary: 'Save the answers so far as a draft (required ones may wait)',
        params: sharedLinkParams,
        body: intakeAnswersInputSchema,
        response: { 200: intakeViewSchema, ...linkRouteErrors },
      },
    },
    async (request) => saveIntakeDraft(platform, request.sharedLink, request.body.answers),
  );

  typed.post(
    '/api/project-access/:token/intake/submit',
    {
      config: { access: 'link-write', questionnaire: true },
      preParsing: admit,
      schema: {
        tags,
        summary: "Submit the answers onto the project's questionnaire (every required one)",
        params: sharedLinkParams,
        body: intakeAnswersInputSchema,
        response: { 200: intakeViewSchema, ...linkRouteErrors },
      },
    },
    async (request) => submitIntake(platform, request.sharedLink, request.body.answers),
  );

  // Staff of the project's organization.

  typed.post(
    '/api/projects/:projectId/access-links/:linkId/intake',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Reopen an intake link's questionnaire for edits, or lock it (staff)",
        params: linkParams,
        body: intakeActionSchema,
        response: { 200: z.object({ state: z.enum(INTAKE_STATES) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeIntake(platform, request.actor, request.params.projectId, request.params.linkId, request.body.action),
  );
}
