// The running embedded server's side of backups. PGlite is one process's database, so
// `npm run backup` cannot open it while the server runs; instead the server announces itself in
// DATA_DIR/server.json and takes the backup on its own connection when the CLI asks through a
// loopback-only route with a key derived from AUTH_SECRET. The archive lands in the server's
// BACKUP_DIR, or, when the command was given a BACKUP_DIR of its own, the server sends it and the
// command writes it there (issue 46 point 5). It also backs up on a schedule (BACKUP_EVERY_HOURS,
// keeping BACKUP_KEEP archives).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorBody } from '../errors';
import { isLoopbackRequest, isRelayed } from '../loopback';
import type { Platform } from '../platform';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import { createBackup, pruneArchives, type BackupResult } from './backup';

export const BACKUP_ROUTE = '/api/internal/backup';
/** The same backup, sent as the archive itself (application/gzip) for the command to write. */
export const BACKUP_ARCHIVE_ROUTE = '/api/internal/backup/archive';
/** Where the server makes an archive it sends: beside its own, never named like one. */
const OUTGOING_PREFIX = '.outgoing-';
export const BACKUP_KEY_HEADER = 'x-brieflane-backup-key';

export function backupKey(config: Config): string {
  return createHmac('sha256', config.authSecret).update('brieflane-backup-route').digest('hex');
}

export type ServerFile = { pid: number; port: number };

export const serverFilePath = (config: Config) => path.join(config.dataDir, 'server.json');

/** The embedded server running on this DATA_DIR, if there is one (its process is alive). */
export function runningServer(config: Config): ServerFile | null {
  let info: ServerFile;
  try {
    info = JSON.parse(readFileSync(serverFilePath(config), 'utf8')) as ServerFile;
  } catch {
    return null;
  }
  try {
    process.kill(info.pid, 0);
    return info;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? info : null;
  }
}

function fromLoopback(request: FastifyRequest): boolean {
  // The socket's own address, never X-Forwarded-For: a proxy on this machine is not the CLI,
  // whichever header it adds (X-Real-IP, Via, ...: issue 46 point 3).
  return isLoopbackRequest(request) && !isRelayed(request.headers);
}

function keyMatches(request: FastifyRequest, expected: string): boolean {
  const given = request.headers[BACKUP_KEY_HEADER];
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function backupRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  const { config, database, storage } = platform;
  if (database.kind !== 'pglite') return;
  const key = backupKey(config);
  let running: Promise<BackupResult> | null = null;
  /** One backup at a time: a second request waits for the first and gets its archive. */
  const backupOnce = () => {
    running ??= createBackup({ database, storage, dir: config.backup.dir }).finally(() => {
      running = null;
    });
    return running;
  };

  // Anyone else learns nothing: the routes do not exist for them.
  const mayAsk = (request: FastifyRequest) => fromLoopback(request) && keyMatches(request, key);

  app.post(BACKUP_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    if (!mayAsk(request)) return reply.status(404).send(errorBody('not_found', `No route for POST ${BACKUP_ROUTE}`));
    try {
      const result = await backupOnce();
      return { file: result.file, bytes: result.bytes, manifest: result.manifest };
    } catch (error) {
      request.log.error({ err: error }, 'backup failed');
      return reply.status(500).send(errorBody('backup_failed', (error as Error).message));
    }
  });

  app.post(BACKUP_ARCHIVE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    if (!mayAsk(request)) return reply.status(404).send(errorBody('not_found', `No route for POST ${BACKUP_ARCHIVE_ROUTE}`));
    // Made in a private folder of its own and removed once sent (or once the command hung up), so
    // the server's BACKUP_DIR keeps no copy and its pruning never meets one.
    let outgoing: string | undefined;
    try {
      await mkdir(config.backup.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const dir = await mkdtemp(path.join(config.backup.dir, OUTGOING_PREFIX));
      outgoing = dir;
      const result = await createBackup({ database, storage, dir });
      const archive = createReadStream(result.file);
      archive.once('close', () => void rm(dir, { recursive: true, force: true }));
      return reply
        .type('application/gzip')
        .header('content-length', result.bytes)
        .header('content-disposition', `attachment; filename="${path.basename(result.file)}"`)
        .send(archive);
    } catch (error) {
      if (outgoing) await rm(outgoing, { recursive: true, force: true });
      request.log.error({ err: error }, 'backup failed');
      return reply.status(500).send(errorBody('backup_failed', (error as Error).message));
    }
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    writeFileSync(serverFilePath(config), `${JSON.stringify({ pid: process.pid, port } satisfies ServerFile)}\n`, { mode: PRIVATE_FILE_MODE });
    if (config.backup.everyHours > 0) {
      const every = config.backup.everyHours * 60 * 60 * 1000;
      timer = setInterval(() => {
        backupOnce()
          .then(async (result) => {
            const removed = await pruneArchives(config.backup.dir, config.backup.keep);
            app.log.info({ file: result.file, bytes: result.bytes, removed: removed.length }, 'scheduled backup written');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'scheduled backup failed'));
      }, every);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Only our own announcement: another server may have taken the directory over since.
    if (runningServer(config)?.pid === process.pid) rmSync(serverFilePath(config), { force: true });
  });
}
