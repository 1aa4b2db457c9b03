// `npm start` (scripts/start.mjs) builds only when dist/ is missing or older than the sources, then
// runs the built server. Tested on a copy of start.mjs in a scratch project whose build script
// only writes what a build leaves (the stamp and a main.js that says it ran); the real build runs
// in CI's production-install check and in the start-up benchmarks.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FAKE_BUILD = `
import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('dist/server', { recursive: true });
writeFileSync('dist/server/main.js', "console.log('server ran with', process.argv.slice(2).join(' ') || 'no args');");
writeFileSync('dist/server/backup.js', "console.log('backup ran with', process.argv.slice(2).join(' '));");
writeFileSync('dist/.build-stamp', '');
console.log('fake build ran');
`;

describe('npm start', () => {
  let project: string;
  const start = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(project, 'scripts', 'start.mjs'), ...args], { cwd: project, encoding: 'utf8' });

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'brieflane-start-'));
    mkdirSync(path.join(project, 'scripts'));
    mkdirSync(path.join(project, 'src'));
    cpSync(path.join(import.meta.dirname, 'start.mjs'), path.join(project, 'scripts', 'start.mjs'));
    writeFileSync(path.join(project, 'scripts', 'build.mjs'), FAKE_BUILD);
    writeFileSync(path.join(project, 'src', 'app.ts'), 'export {};');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('builds first on a fresh clone, saying why in one line, then runs the server', () => {
    const out = start();
    expect(out).toContain('Building Brieflane first (dist/ is missing)...');
    expect(out).toContain('fake build ran');
    expect(out).toContain('server ran with no args');
  });

  it('does not build again when dist/ is current', () => {
    const out = start();
    expect(out).not.toContain('Building');
    expect(out).toContain('server ran with no args');
  });

  it('builds again when a source is newer than the build', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(project, 'src', 'app.ts'), later, later);
    const out = start();
    expect(out).toContain('Building Brieflane first (the sources changed since the last build)...');
    expect(out).toContain('server ran with no args');
  });

  it('runs a built admin command with its arguments, and refuses an unknown one', () => {
    expect(start('backup', '--keep', '3')).toContain('backup ran with --keep 3');
    expect(() => start('drop-everything')).toThrow(/Unknown command "drop-everything"/);
  });
});
