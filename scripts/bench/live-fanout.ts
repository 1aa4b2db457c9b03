// `npm run bench -- live-fanout`: what one change costs the server when many pages listen
// (issue 28 item 3). 50 live sockets of the demo owner, each its own session, on the built
// server; then task status changes through the API, one at a time, each waited for until every
// socket has heard it. Per round: the time from the first change until all sockets heard the
// last, and the server process's CPU time over the same span (/proc/<pid>/stat).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { demoOwnerCookie } from './demo-owner';

type WsClient = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(): void;
};
// `ws` comes with @fastify/websocket (Node 20 has no WebSocket client of its own).
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

export type LiveFanoutRow = { case: string; metric: string; unit: string; values: number[] };

const SOCKETS = 50;
const CHANGES = 40;

/** The process's user+system CPU time in ms (clock ticks of 10 ms, as Linux counts them here). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function measureLiveFanout(baseUrl: string, serverPid: number, runs: number): Promise<LiveFanoutRow[]> {
  const cookies: string[] = [];
  for (let i = 0; i < SOCKETS; i++) cookies.push(await demoOwnerCookie(baseUrl));
  const headers = { cookie: cookies[0]!, origin: baseUrl, 'content-type': 'application/json' };
  const projects = (await (await fetch(`${baseUrl}/api/projects`, { headers })).json()) as { items: { id: string }[] };
  let projectId = '';
  let taskId = '';
  for (const project of projects.items) {
    const tasks = (await (await fetch(`${baseUrl}/api/projects/${project.id}/tasks`, { headers })).json()) as { items: { id: string }[] };
    if (tasks.items[0]) [projectId, taskId] = [project.id, tasks.items[0].id];
    if (taskId) break;
  }
  if (!taskId) throw new Error('No demo project has a task');

  let heard = 0;
  let waiting: (() => void) | undefined;
  const sockets = await Promise.all(
    cookies.map(
      (cookie) =>
        new Promise<WsClient>((resolve, reject) => {
          const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: baseUrl } });
          socket.on('message', () => {
            heard += 1;
            waiting?.();
          });
          socket.on('open', () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  const rows: LiveFanoutRow[] = [];
  const elapsed: number[] = [];
  const cpu: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const cpuBefore = cpuMs(serverPid);
      for (let i = 0; i < CHANGES; i++) {
        const target = heard + SOCKETS;
        const allHeard = new Promise<void>((resolve) => (waiting = () => heard >= target && resolve()));
        const res = await fetch(`${baseUrl}/api/projects/${projectId}/tasks/${taskId}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ status: i % 2 ? 'pending' : 'in_progress' }),
        });
        if (!res.ok) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
        await allHeard;
      }
      elapsed.push(Math.round(performance.now() - started));
      cpu.push(cpuMs(serverPid) - cpuBefore);
    }
    rows.push({ case: `${SOCKETS} sockets, ${CHANGES} changes`, metric: 'until every socket heard every change', unit: 'ms', values: elapsed });
    rows.push({ case: `${SOCKETS} sockets, ${CHANGES} changes`, metric: 'server CPU time', unit: 'ms', values: cpu });
  } finally {
    for (const socket of sockets) socket.close();
  }
  return rows;
}
