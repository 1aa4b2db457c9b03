// `npm start`: build the web app, then run the server (tsx src/server/main.ts) and say where it is.
// Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const port = process.env.PORT || '3000';
const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');

console.log('Building the web app (vite build)...');
const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('\nThe web app did not build; see the errors above.');
  process.exit(build.status ?? 1);
}

console.log('Starting the server...');
const server = spawn(bin('tsx'), ['src/server/main.ts'], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Say where the app is once it answers, after the server's own start-up lines.
const healthUrl = `http://127.0.0.1:${port}/api/health`;
const startedAt = Date.now();
async function announceWhenReady() {
  while (Date.now() - startedAt < 120_000) {
    try {
      const res = await fetch(healthUrl);
      if (res.ok) {
        const line = '='.repeat(60);
        console.log(`\n${line}\n  Brieflane is ready: open ${publicUrl}\n  Stop it with Ctrl+C.\n${line}\n`);
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
void announceWhenReady();
