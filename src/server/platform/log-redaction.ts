// What a logged error may say (issue #19). A failed query's error carries its parameters —
// emails, names, note text — in Drizzle's message ("params: ..."), in `params` (Drizzle and
// PGlite both attach them) and in PostgreSQL's `detail` ("Key (email)=(ann@example.com)
// already exists"). Logs keep the query shape ($1, $2 ...), the SQLSTATE code and the
// constraint, which is what finding the fault needs, and lose the values.

const REDACTED = '[redacted]';

/** Error fields that name where and why, never a value. */
const SAFE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'position',
  'statusCode',
  'validationContext',
  'errno',
  'syscall',
] as const;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSE_DEPTH = 4;

/** Text with email addresses taken out. */
export function redactText(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

/** PostgreSQL's detail names the values: "Key (email)=(...)", "Failing row contains (...)". */
function redactDetail(detail: string): string {
  return redactText(
    detail
      .replace(/\)=\(.*\)/s, `)=(${REDACTED})`)
      .replace(/(Failing row contains )\(.*\)/s, `$1(${REDACTED})`),
  );
}

export type LoggedError = Record<string, unknown> & { type: string; message: string; stack: string };

/**
 * The pino `err` serializer: the error's type, message and stack, its safe fields, the query
 * text and the number of parameters, and its cause the same way; parameters and values never.
 */
export function serializeLoggedError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const e = error as Record<string, unknown>;
  let message = typeof e.message === 'string' ? e.message : '';
  let stack = typeof e.stack === 'string' ? e.stack : undefined;
  const params = Array.isArray(e.params) ? (e.params as unknown[]) : undefined;
  if (params) {
    // Drizzle: "Failed query: <sql>\nparams: <values joined by commas>".
    const withoutParams = message.replace(`\nparams: ${params.join(',')}`, '').replace(/\nparams: [\s\S]*$/, '');
    if (stack) stack = stack.split(message).join(withoutParams);
    message = withoutParams;
  }
  if (typeof e.code === 'string' && SQLSTATE.test(e.code)) {
    // 'invalid input syntax for type uuid: "..."' quotes the value it could not read.
    const quoted = (text: string) => text.replace(/: "[^"\n]*"/g, `: "${REDACTED}"`);
    if (stack) stack = stack.split(message).join(quoted(message));
    message = quoted(message);
  }
  const out: LoggedError = {
    type: (e.constructor as { name?: string } | undefined)?.name ?? 'Error',
    message: redactText(message),
    stack: redactText(stack ?? ''),
  };
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (typeof e.query === 'string') out.query = e.query;
  if (params) out.paramCount = params.length;
  if (typeof e.detail === 'string') out.detail = redactDetail(e.detail);
  if (typeof e.hint === 'string') out.hint = redactText(e.hint);
  if (e.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeLoggedError(e.cause, depth + 1);
  return out;
}

/**
 * Logger options every app uses: the error serializer above, and personal fields dropped
 * wherever a log call passes them.
 */
export const LOG_REDACTION = {
  serializers: { err: serializeLoggedError },
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'email',
      'password',
      'params',
      '*.email',
      '*.password',
      '*.params',
    ],
    censor: REDACTED,
  },
};
