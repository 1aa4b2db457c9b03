// Users and live pages through the deployment's nginx (issue 35 items 3 and 4): HTTPS clients
// that keep their connections like a browser (6 per user, kept alive), every request recorded
// with the id nginx gave it; a ledger of every write and whether it was acknowledged, checked
// against the API afterwards; and live pages on real WebSockets that reconnect and catch up the
// way the web app does (src/web/lib/realtime.ts).
import { createHash } from 'node:crypto';
import https from 'node:https';
import { createRequire } from 'node:module';
import { PDF, simulateUser, type LoadProject } from '../bench/load';

/** A request with no answer after this long is given up and counts as failed. */
const GIVE_UP_MS = 60_000;

export type RequestRecord = {
  phase: string;
  route: string;
  method: string;
  /** Epoch ms. */
  start: number;
  end: number;
  /** 0: no answer at all. */
  status: number;
  /** nginx's $request_id, from the X-Request-Id header of the answer. */
  requestId?: string;
  error?: string;
  /**
   * Sent a second time on a new connection because the kept-alive one it went out on was closed
   * before any answer (nginx ending idle connections at a reload). Browsers do the same: the
   * request never reached a server.
   */
  resent: boolean;
};

export type Answer = { status: number; body: Buffer; requestId?: string; setCookie?: string[] };

type ExchangeError = Error & { code?: string; reusedSocket?: boolean; responded?: boolean };

export const failed = (record: Pick<RequestRecord, 'status'>) => record.status === 0 || record.status >= 400;

export class SiteClient {
  readonly records: RequestRecord[] = [];
  phase = 'setup';

  constructor(
    readonly base: string,
    readonly ca: Buffer,
  ) {}

  /** A browser's connections: up to 6 to the site, kept alive. */
  newAgent(options: { localAddress?: string } = {}): https.Agent {
    return new https.Agent({ keepAlive: true, maxSockets: 6, ca: this.ca, ...options });
  }

  async send(
    agent: https.Agent,
    route: string,
    method: string,
    path: string,
    options: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string; headers?: Record<string, string>; record?: boolean } = {},
  ): Promise<Answer> {
    const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
    const headers: Record<string, string> = {
      ...options.headers,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(body ? { 'content-type': options.json !== undefined ? 'application/json' : options.contentType!, 'content-length': String(body.length) } : {}),
    };
    const start = Date.now();
    let resent = false;
    let answer: Answer | undefined;
    let error: ExchangeError | undefined;
    try {
      answer = await this.exchange(agent, method, path, headers, body);
    } catch (first) {
      error = first as ExchangeError;
      if (error.reusedSocket && !error.responded) {
        resent = true;
        error = undefined;
        try {
          // On a new connection: the pool's other idle ones may have been closed at the same
          // moment (a reload ends them all), and a browser skips those it sees closed.
          answer = await this.exchange(undefined, method, path, headers, body);
        } catch (second) {
          error = second as ExchangeError;
        }
      }
    }
    if (options.record !== false) {
      this.records.push({
        phase: this.phase,
        route,
        method,
        start,
        end: Date.now(),
        status: answer?.status ?? 0,
        requestId: answer?.requestId,
        error: error ? `${error.code ?? ''} ${error.message}`.trim() : undefined,
        resent,
      });
    }
    return answer ?? { status: 0, body: Buffer.alloc(0) };
  }

  /** One request and its answer; without an agent, on a connection of its own. */
  private exchange(agent: https.Agent | undefined, method: string, path: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let responded = false;
      const connection = agent ? { agent } : { agent: false as const, ca: this.ca };
      const request = https.request(new URL(path, this.base), { method, headers, ...connection }, (response) => {
        responded = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const id = response.headers['x-request-id'];
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), requestId: typeof id === 'string' ? id : undefined, setCookie: response.headers['set-cookie'] });
        });
        response.on('error', (error: ExchangeError) => reject(Object.assign(error, { responded: true, reusedSocket: request.reusedSocket })));
      });
      request.setTimeout(GIVE_UP_MS, () => request.destroy(new Error(`no answer in ${GIVE_UP_MS / 1000} s`)));
      request.on('error', (error: ExchangeError) => reject(Object.assign(error, { responded, reusedSocket: request.reusedSocket })));
      request.end(body);
    });
  }

  /** A JSON answer of a setup or check request, which must succeed. */
  async json<T>(agent: https.Agent, method: string, path: string, options: { cookie?: string; json?: unknown } = {}): Promise<T> {
    const answer = method === 'GET' ? await this.read(agent, path, options.cookie) : await this.send(agent, `${method} ${path}`, method, path, { ...options, record: false });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    return JSON.parse(answer.body.toString()) as T;
  }

  /**
   * A read of the harness's own (setup, checks), not counted: asked again for up to 20 s while
   * the site answers 502, 503 or 504, as a person would reload, so that a moment the servers are
   * busy does not stop a check whose point is what the database holds.
   */
  async read(agent: https.Agent, path: string, cookie?: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(agent, `GET ${path}`, 'GET', path, { cookie, record: false });
      if (![0, 502, 503, 504].includes(answer.status) || attempt === 20) return answer;
      this.busyReads += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** How often read() had to ask again. */
  busyReads = 0;
}

/** A multipart/form-data body of one file field, as a browser sends an upload. */
export function multipartFile(name: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----brieflane${createHash('sha1').update(name).digest('hex').slice(0, 16)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  return { body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The bench's 4 KB PDF with a line of its own, so each upload's bytes can be checked. */
export function uniquePdf(marker: string): Buffer {
  return Buffer.concat([PDF.subarray(0, 9), Buffer.from(`% ${marker}\n`), PDF.subarray(9)]);
}

// ---------------------------------------------------------------------------------------------
// Writes and their acknowledgements

type NoteWrite = { projectId: string; content: string; id?: string };
type FileWrite = { projectId: string; name: string; sha256: string; id?: string };
type TaskWrite = { status: 'pending' | 'completed'; acknowledged: boolean };

export type LedgerCheck = {
  notes: number;
  files: number;
  /** Tasks whose last acknowledged status change was checked. */
  tasks: number;
  /** Acknowledged writes not there (or not as written): must be none. */
  missing: string[];
  /** Writes whose request failed but which took effect anyway (the answer was lost). */
  unacknowledgedPresent: number;
};

/** Every write the simulated users sent, and whether it was answered 2xx. */
export class WriteLedger {
  readonly notes: NoteWrite[] = [];
  readonly files: FileWrite[] = [];
  readonly tasks = new Map<string, { projectId: string; writes: TaskWrite[] }>();

  note(projectId: string, content: string, answer: Answer): void {
    const ok = answer.status === 201;
    this.notes.push({ projectId, content, id: ok ? (JSON.parse(answer.body.toString()) as { id: string }).id : undefined });
  }

  file(projectId: string, name: string, content: Buffer, answer: Answer): void {
    const ok = answer.status === 201;
    this.files.push({ projectId, name, sha256: sha256(content), id: ok ? (JSON.parse(answer.body.toString()) as { id: string }).id : undefined });
  }

  task(projectId: string, taskId: string, status: TaskWrite['status'], answer: Answer): void {
    const entry = this.tasks.get(taskId) ?? { projectId, writes: [] };
    entry.writes.push({ status, acknowledged: answer.status === 200 });
    this.tasks.set(taskId, entry);
  }

  get acknowledged(): number {
    let n = this.notes.filter((w) => w.id).length + this.files.filter((w) => w.id).length;
    for (const { writes } of this.tasks.values()) n += writes.filter((w) => w.acknowledged).length;
    return n;
  }

  /** Reads everything back through the site: each acknowledged write must be there. */
  async check(client: SiteClient, cookie: string): Promise<LedgerCheck> {
    const agent = client.newAgent();
    const result: LedgerCheck = { notes: 0, files: 0, tasks: 0, missing: [], unacknowledgedPresent: 0 };
    const pages = async <T>(path: string): Promise<T[]> => {
      const items: T[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: T[]; nextCursor: string | null } = await client.json(agent, 'GET', `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    };
    const byProject = <T extends { projectId: string }>(writes: T[]) => {
      const map = new Map<string, T[]>();
      for (const write of writes) map.set(write.projectId, [...(map.get(write.projectId) ?? []), write]);
      return map;
    };
    await inBatches([...byProject(this.notes)], 8, async ([projectId, writes]) => {
      const notes = new Map((await pages<{ id: string; content: string }>(`/api/projects/${projectId}/notes`)).map((n) => [n.id, n.content]));
      const contents = new Set(notes.values());
      for (const write of writes) {
        if (!write.id) {
          if (contents.has(write.content)) result.unacknowledgedPresent += 1;
          continue;
        }
        result.notes += 1;
        if (notes.get(write.id) !== write.content) result.missing.push(`note ${write.id} ("${write.content}") of project ${projectId}`);
      }
    });
    await inBatches([...byProject(this.files)], 8, async ([projectId, writes]) => {
      const files = await pages<{ id: string; fileName: string }>(`/api/projects/${projectId}/files`);
      const ids = new Set(files.map((f) => f.id));
      const names = new Set(files.map((f) => f.fileName));
      for (const write of writes) {
        if (!write.id) {
          if (names.has(write.name)) result.unacknowledgedPresent += 1;
          continue;
        }
        result.files += 1;
        if (!ids.has(write.id)) {
          result.missing.push(`file ${write.id} (${write.name}) of project ${projectId}`);
          continue;
        }
        // The stored object, not only its row: the bytes come back from the bucket.
        const download = await client.read(agent, `/api/projects/${projectId}/files/${write.id}/download`, cookie);
        if (download.status !== 200 || sha256(download.body) !== write.sha256) {
          result.missing.push(`file ${write.id} (${write.name}): download answered ${download.status}${download.status === 200 ? ' with other bytes' : ''}`);
        }
      }
    });
    await inBatches([...this.tasks], 8, async ([taskId, { projectId, writes }]) => {
      const last = writes.map((w) => w.acknowledged).lastIndexOf(true);
      if (last === -1) return;
      // The last acknowledged status, unless a later change whose answer was lost took effect.
      const allowed = new Set(writes.slice(last).map((w, i) => (i === 0 || !w.acknowledged ? w.status : undefined)).filter(Boolean));
      const task = await client.json<{ status: string }>(agent, 'GET', `/api/projects/${projectId}/tasks/${taskId}`, { cookie });
      result.tasks += 1;
      if (!allowed.has(task.status as TaskWrite['status'])) {
        result.missing.push(`task ${taskId}: ${task.status}, but the last acknowledged change made it ${writes[last]!.status}`);
      }
    });
    agent.destroy();
    return result;
  }
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

async function inBatches<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Simulated users

export type LoadTask = { projectId: string; taskId: string };

/**
 * `users` staff members through the site until `keepGoing` says stop, each with the load bench's
 * behaviour (simulateUser) and its own connections. User n toggles only the tasks it owns (so the
 * status each task ends with can be checked); notes and uploads carry marks of their own.
 */
export async function runUsers(
  client: SiteClient,
  ledger: WriteLedger,
  options: { users: number; cookies: string[]; projects: LoadProject[]; ownTasks: (user: number) => LoadTask[]; thinkMs: number; keepGoing: () => boolean; tag: string },
): Promise<void> {
  const user = async (n: number) => {
    const agent = client.newAgent();
    const cookie = options.cookies[n % options.cookies.length]!;
    const own = options.ownTasks(n);
    const status = new Map<string, 'pending' | 'completed'>();
    let k = 0;
    const get = (route: string, path: string) => client.send(agent, route, 'GET', path, { cookie });
    try {
      await simulateUser(
        {
          listProjects: () => get('GET /api/projects', '/api/projects'),
          searchProjects: () => get('GET /api/projects?search', '/api/projects?search=brand'),
          openProject: async (project) => {
            await get('GET /api/projects/:id', `/api/projects/${project.id}`);
            await Promise.all([
              get('GET /api/projects/:id/tasks', `/api/projects/${project.id}/tasks`),
              get('GET /api/projects/:id/notes', `/api/projects/${project.id}/notes`),
              get('GET /api/projects/:id/files', `/api/projects/${project.id}/files`),
            ]);
          },
          toggleTask: async (project) => {
            const task = own[k++ % Math.max(own.length, 1)];
            if (!task) return get('GET /api/projects/:id/tasks', `/api/projects/${project.id}/tasks`);
            const next = status.get(task.taskId) === 'completed' ? 'pending' : 'completed';
            status.set(task.taskId, next);
            const answer = await client.send(agent, 'PATCH /api/projects/:id/tasks/:taskId', 'PATCH', `/api/projects/${task.projectId}/tasks/${task.taskId}`, { cookie, json: { status: next } });
            ledger.task(task.projectId, task.taskId, next, answer);
          },
          addNote: async (project) => {
            const content = `${options.tag} note of user ${n}, #${k++}`;
            const answer = await client.send(agent, 'POST /api/projects/:id/notes', 'POST', `/api/projects/${project.id}/notes`, { cookie, json: { content } });
            ledger.note(project.id, content, answer);
          },
          uploadFile: async (project) => {
            const name = `${options.tag}-user-${n}-${k++}.pdf`;
            const content = uniquePdf(name);
            const { body, contentType } = multipartFile(name, content);
            const answer = await client.send(agent, 'POST /api/projects/:id/files', 'POST', `/api/projects/${project.id}/files`, { cookie, body, contentType });
            ledger.file(project.id, name, content, answer);
          },
        },
        { projects: options.projects, thinkMs: options.thinkMs, keepGoing: options.keepGoing },
      );
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.users }, (_, n) => user(n)));
}

// ---------------------------------------------------------------------------------------------
// Live pages

/** The web app's reconnect delays (spec 9: 1, 2, 5, then every 10 s; src/web/lib/realtime.ts). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;

type WsSocket = {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(code?: number): void;
  terminate(): void;
};
// `ws` comes with @fastify/websocket and has no type declarations here.
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options: { headers: Record<string, string>; origin: string; ca: Buffer }) => WsSocket;

/**
 * A project page left open: a live socket to /api/live through the site, reconnecting with the
 * web app's delays, and what the page shows of one project's tasks. Like the web app it reads
 * the tasks again when an event names the project and after every reconnect (events may have
 * been missed meanwhile); it never reloads.
 */
export class LivePage {
  /** Task ids the page shows, as last read. */
  shown = new Set<string>();
  readonly opens: number[] = [];
  readonly closes: { at: number; code: number }[] = [];
  /** When an event naming the project arrived. */
  readonly events: number[] = [];
  private socket: WsSocket | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private readonly agent: https.Agent;

  constructor(
    private readonly client: SiteClient,
    private readonly cookie: string,
    private readonly projectId: string,
  ) {
    this.agent = client.newAgent();
  }

  get connected(): boolean {
    return this.opens.length > this.closes.length;
  }

  open(): Promise<void> {
    return new Promise((resolve) => {
      const url = `${this.client.base.replace(/^http/, 'ws')}/api/live`;
      const socket = new WebSocket(url, { headers: { cookie: this.cookie }, origin: this.client.base, ca: this.client.ca });
      this.socket = socket;
      let opened = false;
      socket.on('open', () => {
        opened = true;
        const reconnect = this.opens.length > 0;
        this.opens.push(Date.now());
        this.attempt = 0;
        // After a reconnect everything is read again (realtime.ts: batch.add('all')).
        if (reconnect || this.shown.size === 0) void this.read();
        resolve();
      });
      socket.on('message', (data) => {
        const event = JSON.parse(data.toString()) as { topic: string; projectId?: string | null };
        if (event.topic === 'resync' || (event.topic === 'project' && event.projectId === this.projectId)) {
          this.events.push(Date.now());
          void this.read();
        }
      });
      socket.on('error', () => {
        // A close follows.
      });
      socket.on('close', (code) => {
        if (opened) this.closes.push({ at: Date.now(), code });
        if (this.stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
        this.attempt += 1;
        this.timer = setTimeout(() => void this.open(), delay);
        if (!opened) resolve();
      });
    });
  }

  /** The project's tasks, read again; one read at a time, another after it if asked meanwhile. */
  read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        const answer = await this.client.send(this.agent, 'live page read', 'GET', `/api/projects/${this.projectId}/tasks?limit=100`, { cookie: this.cookie, record: false });
        if (answer.status === 200) this.shown = new Set((JSON.parse(answer.body.toString()) as { items: { id: string }[] }).items.map((t) => t.id));
        else {
          // The page would show its error and try again; so does this one, a moment later.
          this.readAgain = true;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } while (this.readAgain && !this.stopped);
    })().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Settled: no read under way. */
  async idle(): Promise<void> {
    while (this.reading) await this.reading;
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.agent.destroy();
  }
}
