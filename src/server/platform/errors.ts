// One error shape for every API answer: { "error": { "code", "message" } }, and `detail` beside
// them where a plain message hides a technical cause someone may need to look into.
import { z } from 'zod';
import { LOCALES, type Locale, type Text } from '../../domain/locales';
import { translate } from './i18n';
import { SERVER_MESSAGES } from './messages';

/** What an error says: a text of the catalogs (answered in the caller's language), or words as they are. */
export type ErrorMessage = string | Text;

export class AppError extends Error {
  /** The message to translate for the caller (app.ts's error handler); `message` is its English. */
  readonly text: ErrorMessage;
  /**
   * The technical cause behind `message` (another system's own words, such as a TLS error, or
   * outbound-http's about reaching it), for whoever looks into it: short text, never a stack.
   * `message` stays the plain sentence. In English here (logs); `detailText` is said in the
   * caller's language.
   */
  readonly detail?: string;
  readonly detailText?: ErrorMessage;
  /** A refused field, by its name in the request body (as a schema's refusal names it). */
  field?: string;
  /** The ids a refusal is about, in order: a dependency loop's tasks (issue 51). */
  path?: string[];

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: ErrorMessage,
    detail?: ErrorMessage,
    /**
     * The language of what the error is about, not of its message: a protected link's own
     * (issue 48 item 4), so its password page shows in it.
     */
    readonly locale?: Locale,
  ) {
    super(translate('en', message));
    this.name = 'AppError';
    this.text = message;
    if (detail !== undefined) {
      this.detail = translate('en', detail);
      this.detailText = detail;
    }
  }
}

/** A body the schema let through that a rule on stored data refuses: 400 validation_error on that field. */
export function invalidField(message: ErrorMessage, field: string): AppError {
  const error = new AppError(400, 'validation_error', message);
  error.field = field;
  return error;
}
export const badRequest = (message: ErrorMessage, code = 'bad_request', detail?: ErrorMessage) => new AppError(400, code, message, detail);
export const unauthorized = (message: ErrorMessage = SERVER_MESSAGES.notAuthenticated, code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: ErrorMessage = SERVER_MESSAGES.forbidden, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: ErrorMessage = SERVER_MESSAGES.notFound, code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: ErrorMessage, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: ErrorMessage = SERVER_MESSAGES.rateLimited) => new AppError(429, 'rate_limited', message);

export type ErrorBody = { error: { code: string; message: string; detail?: string; locale?: Locale; field?: string; path?: string[] } };

/** `detail` and `locale` only when there is one: most answers are `{ code, message }` exactly. */
export function errorBody(code: string, message: string, detail?: string, locale?: Locale): ErrorBody {
  return { error: { code, message, ...(detail ? { detail } : {}), ...(locale ? { locale } : {}) } };
}

/**
 * The error shape for route response schemas (OpenAPI). `detail` must be in it: the response
 * serializer drops what the schema does not name.
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    detail: z.string().optional().describe('The technical cause behind message, when there is one worth showing (e.g. what an identity provider answered)'),
    locale: z.enum(LOCALES).optional().describe("The language of what the error is about (a protected share link's: its password page is shown in it)"),
    field: z.string().optional().describe('A refused request: the field the message is about, by its name in the body or query ("contactName", "formData.brief")'),
    path: z.array(z.string()).optional().describe('The ids a refusal is about, in order: a dependency_cycle\'s tasks, each blocked by the next, the first named again last'),
  }),
});

/** SQLSTATE classes and socket errors that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

/** The SQLSTATE of a database error, whether Drizzle wrapped the driver's error (as its cause) or not. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether an error (or what caused it, as drivers and Drizzle wrap them) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The error answers a route documents, each in the JSON error shape: `errorResponses(400, 401, 404)`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<Code, typeof errorResponseSchema>;
}
