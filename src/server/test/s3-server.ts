// A real S3-protocol server on 127.0.0.1 for the storage tests (s3rver, objects in a temp
// directory), and the STORAGE=s3 settings that point the app at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
// s3rver has no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver accepts only this key pair, so anything else is a wrong credential. */
export const S3RVER_KEY = 'S3RVER';

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The environment for STORAGE=s3 against this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

export async function startTestS3Server(bucket = 'brieflane-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'brieflane-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    // Idempotent: a test may stop the server early to see the app without its bucket.
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
