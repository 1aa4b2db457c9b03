// Where uploaded files live (ARCHITECTURE "files"): behind this interface, local disk by default
// or an S3-compatible bucket (s3-storage.ts). Objects are only ever read back through authorized
// API routes; nothing here has a public URL.
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';

export interface Storage {
  /** Stores a new object; the data may be a stream, which is written as it arrives. */
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  read(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Throws a StorageError with a message for the operator when the storage cannot be used. */
  check(): Promise<void>;
  /** Where the objects are, for messages ("disk /srv/files", "s3 bucket x at https://..."). */
  readonly description: string;
}

/** The storage cannot be reached or refuses us: a fault of the deployment, not of the request. */
export class StorageError extends Error {
  override name = 'StorageError';
}

/** The storage has no room left for the object (a full disk or quota). */
export class StorageFullError extends StorageError {
  override name = 'StorageFullError';
}

/** Write-side failures of the disk that are the deployment's (full, read-only, unwritable, broken). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const DISK_FAULT = new Set(['EACCES', 'EPERM', 'EROFS', 'EIO', 'ENOTDIR']);

function diskWriteError(root: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (DISK_FULL.has(code)) return new StorageFullError(`No space left for uploaded files on disk ${root} (${code})`, { cause: error });
  if (DISK_FAULT.has(code)) return new StorageError(`Cannot write uploaded files on disk ${root} (${code})`, { cause: error });
  return error;
}

/** Keys are made by the server (`<project id>/<unique name>`); anything else is refused. */
const SAFE_KEY = /^[0-9a-f-]{36}\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

export function localDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    description: `disk ${root}`,
    async put(key, data) {
      const file = resolve(key);
      const source = data instanceof Readable ? data : Readable.from([data]);
      try {
        await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      } catch (error) {
        source.resume();
        throw diskWriteError(root, error);
      }
      // Only the disk's own failures become storage errors; the incoming stream's stay its own.
      let diskFailure: unknown;
      const target = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }).once('error', (error) => (diskFailure = error));
      try {
        await pipeline(source, target);
      } catch (error) {
        // A stream that failed half way leaves no half-written object; an existing one is kept.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw diskFailure === error ? diskWriteError(root, error) : error;
      }
    },
    async read(key) {
      const file = resolve(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      try {
        await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
        await access(root, 2 /* W_OK */);
      } catch (error) {
        throw new StorageError(`The file directory ${root} cannot be written: ${(error as Error).message}`);
      }
    },
  };
}
