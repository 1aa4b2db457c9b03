// What a route declares about its caller (decision 012). The platform reads it to size the body
// (request-bodies.ts); the request context (services/request-context.ts) resolves the caller.

/**
 * - member: a signed-in member (401 otherwise): `request.actor`, `request.actorSession`.
 * - member-project: and the project of `:projectId` they can see: `request.projectAccess` too.
 * - link-read / link-write: through the share link of `:token` (a read is recorded in the
 *   link's access log once an hour): `request.projectAccess`, `request.sharedLink`.
 */
export type RouteAccess = 'member' | 'member-project' | 'link-read' | 'link-write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A link route of the questionnaire (intake) rather than of the project's work: an intake
     * link that shows the questionnaire only still reaches it (decision 017).
     */
    questionnaire?: boolean;
    /**
     * A link route of the files awaiting approval (their list, a file's thumbnail and downloads)
     * rather than of all the project's work: a link where viewers may approve that shows the
     * approvals only still reaches it, and the handler keeps it to those files (issue 49 item 10).
     */
    approvals?: boolean;
    /**
     * false: a personal API token may not call this route (issue 30): the password, the sign-in
     * email, the tokens themselves. Signing in is the only way there.
     */
    tokens?: false;
    /**
     * true: open to a member whose organization requires two-factor and whose grace period ended
     * without it (issue 31): what they need to set it up (who am I, Settings -> Two-factor).
     * Every other member route answers them 403 `two_factor_enrolment_required`.
     */
    twoFactorSetup?: true;
  }
}
