import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDataPrivate, keepNewFilesPrivate, tightenTree } from './private-files';

const mode = (file: string) => statSync(file).mode & 0o777;
const startUmask = process.umask();
afterEach(() => {
  process.umask(startUmask);
});

describe('private files (issue 26)', () => {
  it('tightens an existing tree: folders 0700, files 0600, counted once each', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'brieflane-private-'));
    chmodSync(root, 0o755);
    mkdirSync(path.join(root, 'db', 'base'), { recursive: true, mode: 0o777 });
    chmodSync(path.join(root, 'db'), 0o777);
    chmodSync(path.join(root, 'db', 'base'), 0o755);
    writeFileSync(path.join(root, 'db', 'base', '1259'), 'x');
    chmodSync(path.join(root, 'db', 'base', '1259'), 0o666);
    writeFileSync(path.join(root, 'auth-secret'), 'x', { mode: 0o600 });
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'brieflane-outside-')), 'target');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(root, 'link'));

    expect(tightenTree(root)).toBe(4);
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, 'db'))).toBe(0o700);
    expect(mode(path.join(root, 'db', 'base'))).toBe(0o700);
    expect(mode(path.join(root, 'db', 'base', '1259'))).toBe(0o600);
    expect(mode(path.join(root, 'auth-secret'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644); // a link's target is not ours
    expect(tightenTree(root)).toBe(0);
  });

  it('keeps new files private whatever umask the process started with', () => {
    process.umask(0);
    keepNewFilesPrivate();
    const root = mkdtempSync(path.join(tmpdir(), 'brieflane-private-'));
    writeFileSync(path.join(root, 'new-file'), 'x');
    mkdirSync(path.join(root, 'new-folder'));
    expect(mode(path.join(root, 'new-file'))).toBe(0o600);
    expect(mode(path.join(root, 'new-folder'))).toBe(0o700);
  });

  it('says in one line what it tightened, and nothing when all was private', () => {
    const data = mkdtempSync(path.join(tmpdir(), 'brieflane-private-'));
    const backups = mkdtempSync(path.join(tmpdir(), 'brieflane-backups-'));
    chmodSync(data, 0o755);
    writeFileSync(path.join(backups, 'old.tar.gz'), 'x');
    chmodSync(path.join(backups, 'old.tar.gz'), 0o644);
    const lines: string[] = [];
    expect(keepDataPrivate([data, backups, path.join(data, '.')], (line) => lines.push(line))).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Made 2 files and folders');
    keepDataPrivate([data, backups], (line) => lines.push(line));
    expect(lines).toHaveLength(1);
  });
});
