// `npm run build`: the web app (Vite) into dist/web, each text asset also precompressed (.br,
// .gz) for @fastify/static's preCompressed, and the server bundled by esbuild into plain
// JavaScript under dist/server, and a migrated empty database as dist/db-template.tar.gz for
// first starts. Last, dist/.build-stamp, which scripts/start.mjs compares with the sources to
// decide whether to build again.
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
  // The server and the admin commands `npm run seed|backup|restore|move-to-postgres` run (start.mjs).
  entryPoints: {
    main: 'src/server/main.ts',
    seed: 'scripts/seed.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
    'move-to-postgres': 'scripts/move-to-postgres.ts',
    // Not run by users: the API suite builds the app from it to test the build (TEST_BUILT_SERVER).
    'app-library': 'src/server/app-library.ts',
  },
  absWorkingDir: root,
  outdir: path.join(dist, 'server'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Most dependencies are bundled too: loading fastify, better-auth and the rest as over a
  // thousand separate files took more than a second of every start (docs/decisions/009). Left
  // in node_modules: what loads files next to its own code (PGlite's WASM, swagger-ui's assets),
  // native code (argon2), and what is optional at run time (pino-pretty, pg's native binding).
  plugins: [externalOnly(['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger-ui', '@fastify/swagger', '@fastify/static', 'pg', 'pino-pretty', 'nodemailer'])],
  // Bundled CommonJS packages require Node's built-ins; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});

await writeDataDirTemplate(path.join(dist, 'db-template.tar.gz'));

writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);

/**
 * A new embedded database, migrated, as a tarball: a first start unpacks it instead of running
 * initdb (src/server/platform/db/client.ts, DATA_DIR_TEMPLATE).
 */
async function writeDataDirTemplate(file) {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
  await migrate(drizzle(client), { migrationsFolder: path.join(root, 'db', 'migrations') });
  const tarball = await client.dumpDataDir('gzip');
  await client.close();
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

/** Marks the named packages (and their subpaths) external; everything else is bundled. */
function externalOnly(names) {
  return {
    name: 'external-only',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (names.includes(name)) return { path: args.path, external: true };
        return undefined;
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
