// Where uploaded files live (ARCHITECTURE "files"): behind this interface, local disk by default.
// Objects are only ever read back through authorized API routes; nothing here has a public URL.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  read(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (`<project id>/<unique name>`); anything else is refused. */
const SAFE_KEY = /^[0-9a-f-]{36}\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

export function localDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
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
  };
}
