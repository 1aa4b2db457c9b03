// Configuration from the environment, validated once at start (README "Configuration").
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
      message: `must be a URL starting with ${protocols.join(' or ')}//`,
    });

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Brieflane <no-reply@brieflane.local>'),
  MAX_UPLOAD_MB: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(1024, 'must be at most 1024')
    .default(25),
  SEED_DEMO: booleanString.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number({ message: 'must be a number' })
    .min(0, 'must be 0 (off) or more')
    .max(24 * 365, 'must be at most 8760')
    .default(24),
  BACKUP_KEEP: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(7),
  STORAGE: z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  WEBHOOK_ALLOW_PRIVATE: booleanString.optional(),
  /** Issue 46: the resolvers single sign-on's domain proof asks, `ip[:port]` comma-separated. */
  DNS_SERVERS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []))
    .refine((list) => list.every(isResolverAddress), { message: 'must be IP addresses with optional ports, such as 127.0.0.1:53,[::1]:53' }),
  API_TOKEN_CALLS_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(600),
  EMBEDDED_DB_MAX_QUEUED: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(500),
  EMBEDDED_DB_MAX_WAIT_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(300, 'must be at most 300')
    .default(10),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), port.optional()),
});

/** Where uploaded files live: a directory on this machine, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'disk'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS S3 itself. */
      endpoint: string | undefined;
      /** Unset: the SDK's default chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the embedded PGlite database in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  maxUploadBytes: number;
  /** Seed the demo organization on first start (embedded database only unless asked). */
  seedDemo: boolean;
  authSecret: string;
  logLevel: string;
  /**
   * Behind a reverse proxy, take the client address from X-Forwarded-For. Off by default: a
   * client talking to the server directly could otherwise pick its own address and slip past
   * the per-address rate limits.
   */
  trustProxy: boolean;
  storage: StorageConfig;
  backup: {
    dir: string;
    /**
     * BACKUP_DIR was set, not defaulted. `npm run backup` then writes the archive there itself even
     * while the embedded server (with a BACKUP_DIR of its own) takes it (issue 46 point 5).
     */
    dirGiven: boolean;
    /** 0: no scheduled backups. */
    everyHours: number;
    keep: number;
  };
  webhooks: {
    /**
     * Let webhooks reach private and loopback addresses (outbound-http.ts): for a receiver on
     * the operator's own network. Off by default: any member who may add a webhook could
     * otherwise make the server call the services beside it.
     */
    allowPrivate: boolean;
  };
  /** The resolvers of single sign-on's domain proof (issue 46); empty: the system's. */
  dnsServers: string[];
  /** Calls one personal API token may make per minute on one server (issue 30). */
  apiTokenCallsPerMinute: number;
  /**
   * The embedded database's admission queue (decision 025): API requests wait their turn in
   * arrival order; past `maxQueued` waiting, or after `maxWaitMs`, a request is answered 503.
   */
  embeddedQueue: { maxQueued: number; maxWaitMs: number };
  /**
   * Lets a scraper read /metrics on the app's port with `Authorization: Bearer <token>` (issue
   * 35); in production the only way in on that port (issue 46 point 3).
   */
  metricsToken: string | undefined;
  /** A second listener on 127.0.0.1 that serves only /metrics, no token asked (issue 46 point 3). */
  metricsPort: number | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what node:dns's setServers takes. */
function isResolverAddress(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(value);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : v4 ? [v4[1]!, v4[2]] : [value, undefined];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return isIP(host) !== 0;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`Invalid configuration:\n  METRICS_PORT=${JSON.stringify(env.METRICS_PORT)}: must differ from PORT`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const storage = storageConfig(e, dataDir, env);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    storage,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      dirGiven: e.BACKUP_DIR !== undefined,
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false },
    dnsServers: e.DNS_SERVERS,
    apiTokenCallsPerMinute: e.API_TOKEN_CALLS_PER_MINUTE,
    embeddedQueue: { maxQueued: e.EMBEDDED_DB_MAX_QUEUED, maxWaitMs: Math.round(e.EMBEDDED_DB_MAX_WAIT_SECONDS * 1000) },
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
  };
}

/** STORAGE=s3 needs a bucket and a region; keys come as a pair or not at all. */
function storageConfig(e: z.output<typeof envSchema>, dataDir: string, env: NodeJS.ProcessEnv): StorageConfig {
  if (e.STORAGE === 'disk') return { driver: 'disk', root: path.join(dataDir, 'files') };
  const missing: string[] = [];
  if (!e.S3_BUCKET) missing.push('S3_BUCKET');
  if (!e.S3_REGION) missing.push('S3_REGION');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    missing.push(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID');
  }
  if (missing.length > 0) {
    const lines = missing.map((name) => `  ${name}=${JSON.stringify(env[name] ?? '')}: must be set when STORAGE=s3`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    driver: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** AUTH_SECRET unset: generate one on first start and keep it in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}
