// A real Brieflane server process on a free loopback port, for the fault and injection runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { appFiles } from '../platform/app-files';

const root = appFiles.root;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = { process: ChildProcess; base: string; output: () => string };

export type ServerOptions = {
  /**
   * Uploaded files (DATA_DIR/files) on a tmpfs of this size ('256k'), mounted in a mount
   * namespace of the server's own (util-linux unshare, as an unprivileged user namespace): a
   * real, small disk that fills up, gone with the process.
   */
  filesDiskSize?: string;
};

export async function startServer(env: Record<string, string>, options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  // One process (tsx's own CLI would put the server in a child that SIGKILL does not reach).
  const server = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const [command, ...args] = options.filesDiskSize
    ? [
        'unshare',
        '--user',
        '--map-root-user',
        '--mount',
        'sh',
        '-c',
        'mkdir -p "$DATA_DIR/files" && mount -t tmpfs -o size="$1" tmpfs "$DATA_DIR/files" && shift && exec "$@"',
        'sh',
        options.filesDiskSize,
        ...server,
      ]
    : server;
  const child = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { process: child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 90 s:\n${output}`);
}

/** Sends `signal` and waits for the exit; a server still running after `withinMs` is killed and the run fails with its output. */
export async function stopServer(server: RunningServer, signal: NodeJS.Signals, withinMs = 30_000): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), withinMs)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    server.process.kill('SIGKILL');
    throw new Error(`server still running ${withinMs} ms after ${signal}:\n${server.output()}`);
  }
}

