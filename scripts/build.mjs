// `npm run build`: the web app (Vite) into dist/web, each text asset also precompressed (.br,
// .gz) for @fastify/static's preCompressed, and the server bundled by esbuild into plain
// JavaScript under dist/server (node_modules stay external). Last, dist/.build-stamp, which
// scripts/start.mjs compares with the sources to decide whether to build again.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

rmSync(path.join(dist, '.build-stamp'), { force: true });

const vite = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (vite.status !== 0) {
  console.error('\nThe web app did not build; see the errors above.');
  process.exit(vite.status ?? 1);
}

precompress(path.join(dist, 'web'));

rmSync(path.join(dist, 'server'), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', seed: 'scripts/seed.ts' },
  absWorkingDir: root,
  outdir: path.join(dist, 'server'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Dependencies load from node_modules at run time, except the pure-JavaScript ones that are
  // slow to load as hundreds of files (better-auth alone took ~0.5 s): bundled and tree-shaken,
  // they start faster (docs/decisions/009).
  plugins: [externalExcept(['better-auth', '@better-auth', 'date-fns', 'zod', 'drizzle-orm'])],
  sourcemap: 'linked',
  logLevel: 'warning',
});

writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);

/** Marks every package import external except those named (and their subpaths). */
function externalExcept(bundled) {
  return {
    name: 'external-except',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        const scope = name.split('/')[0];
        if (bundled.includes(name) || bundled.includes(scope)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/** Writes name.br and name.gz beside every text file worth compressing. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}
