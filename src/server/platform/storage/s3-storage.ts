// Uploaded files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, ...)
// through the AWS SDK v3. Uploads stream through lib-storage's Upload, which switches to a
// multipart upload for anything over one part (5 MiB), so no file is held whole in memory here.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { assertSafeKey, StorageError, type Storage } from './storage';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** An operator's reading of what went wrong talking to the bucket. */
function explain(config: S3Config, error: unknown): string {
  const where = `bucket "${config.bucket}"${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 403) return `S3 refused the credentials for ${where} (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`;
  if (status === 404) return `S3 ${where} does not exist (check S3_BUCKET and S3_ENDPOINT)`;
  if (status === 301) return `S3 ${where} is in another region (check S3_REGION)`;
  if (error instanceof S3ServiceException) return `S3 ${where} answered ${status ?? ''} ${error.name}: ${error.message}`.replace(/\s+/g, ' ');
  return `S3 ${where} cannot be reached: ${(error as Error).message || (error as { code?: string }).code || String(error)}`;
}

export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // A bucket that does not answer fails a request within seconds rather than hanging it.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  });
  const fail = (error: unknown): never => {
    throw new StorageError(explain(config, error), { cause: error });
  };
  return {
    description: `s3 bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    async put(key, data) {
      assertSafeKey(key);
      const upload = new Upload({
        client,
        params: { Bucket: config.bucket, Key: key, Body: data instanceof Readable ? data : Buffer.from(data) },
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done().catch(fail);
    },
    async read(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        return fail(error);
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // S3 answers 204 for a key that is not there, so a missing object is not an error.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key })).catch(fail);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket })).catch(fail);
    },
  };
}
