// One contract for every Storage driver, run against local disk and against a real S3-protocol
// server on loopback (s3rver): what the file routes and backups rely on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedSmtpUrl } from '../mail/test-smtp-server';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { StorageError, type Storage } from './storage';

const PROJECT = '0b6f4d3e-5a4c-4f7e-9d2a-1c3b5e7f9a01';
let sequence = 0;
const newKey = (ext = 'bin') => `${PROJECT}/${Date.now()}-${++sequence}.${ext}`;

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3?.close());

const storageFor = (env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-storage-'));
  return createStorage(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), ...env }).storage);
};

const drivers: [string, () => Promise<Storage>][] = [
  ['local disk', () => storageFor({})],
  ['S3 (s3rver on loopback)', () => storageFor(s3.env)],
];

describe.each(drivers)('Storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });

  it('is usable (check passes)', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('gives back exactly the bytes stored, from a buffer and from a stream', async () => {
    const key = newKey('pdf');
    await storage.put(key, Buffer.from('%PDF-1.7 hello'));
    expect((await readAll(await storage.read(key)))!.toString()).toBe('%PDF-1.7 hello');

    // Over one multipart part (5 MiB) in several chunks: S3 gets a multipart upload.
    const big = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const streamed = newKey();
    await storage.put(streamed, Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]));
    expect((await readAll(await storage.read(streamed)))!.equals(big)).toBe(true);
  });

  it('answers null for a missing object and removes idempotently', async () => {
    const key = newKey();
    expect(await storage.read(key)).toBeNull();
    await storage.put(key, Buffer.from('x'));
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
  });

  it('keeps no object when the upload stream fails half way', async () => {
    const key = newKey();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow();
    expect(await storage.read(key)).toBeNull();
  });

  it('refuses keys the server would never make', async () => {
    for (const key of ['../etc/passwd', `${PROJECT}/../../x`, 'plain', `${PROJECT}/a/b.pdf`]) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.read(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('S3 faults give the operator a clear message', () => {
  it('a wrong credential names the key variables', async () => {
    const storage = await storageFor({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONGKEY', S3_SECRET_ACCESS_KEY: 'wrong-secret' });
    const error = await storage.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toContain(`S3 refused the credentials for bucket "${s3.bucket}" at ${s3.endpoint}`);
    expect((error as Error).message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    await expect(storage.put(newKey(), Buffer.from('x'))).rejects.toThrow(StorageError);
  });

  it('a bucket that does not exist names S3_BUCKET', async () => {
    const error = await (await storageFor({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).check().catch((e: unknown) => e);
    expect((error as Error).message).toBe(`S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist (check S3_BUCKET and S3_ENDPOINT)`);
  });

  it('an endpoint nothing answers on says it cannot be reached', async () => {
    const endpoint = (await closedSmtpUrl()).replace('smtp:', 'http:');
    const storage = await storageFor({ ...s3.env, S3_ENDPOINT: endpoint });
    const error = await storage.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(new RegExp(`^S3 bucket "${s3.bucket}" at ${endpoint} cannot be reached: .+`));
    await expect(storage.read(newKey())).rejects.toThrow(StorageError);
  });
});
