// Logs (README "Logs"): JSON lines in production, for a log collector; readable lines in
// development through pino-pretty, a devDependency, so a production install runs without it.
import { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Health checks and static files at `info` would drown the requests that matter (a load
 * balancer polls /api/health every few seconds; a page load fetches a dozen assets).
 */
export function isQuietRequest(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  if (pathname === '/api/health' || pathname.startsWith('/api/health/') || pathname === '/metrics') return true;
  if (pathname.startsWith('/api/')) return false;
  return pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
}

/** Leaves the quiet requests out of the request logs unless the level is debug or trace. */
export function requestLogController(level: string): LogController {
  const verbose = level === 'debug' || level === 'trace';
  return new LogController({ disableRequestLogging: (request: FastifyRequest) => !verbose && isQuietRequest(request.url) });
}

/** The server's logger: pretty lines when pino-pretty is installed and NODE_ENV is not production. */
export async function serverLogger(config: Config): Promise<NonNullable<FastifyServerOptions['logger']>> {
  if (config.env === 'production') return { level: config.logLevel };
  let pretty: typeof import('pino-pretty');
  try {
    pretty = (await import('pino-pretty')).default;
  } catch {
    return { level: config.logLevel };
  }
  return {
    level: config.logLevel,
    stream: pretty({
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      singleLine: true,
      sync: true,
      messageFormat: formatPrettyLine,
    }),
  };
}

type LogLine = { req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number };

/** "incoming request GET /api/projects", "request completed 200 in 12 ms". */
function formatPrettyLine(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as LogLine;
  const parts = [String(log[messageKey] ?? '')];
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof responseTime === 'number') parts.push(`in ${Math.round(responseTime)} ms`);
  return parts.join(' ');
}
