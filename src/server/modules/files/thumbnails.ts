// Thumbnails of uploaded images (issue 33), made on the server with sharp and stored beside the
// version's object through the same Storage. sharp decodes and resizes on libuv's thread pool, so
// the event loop keeps serving other requests; at most THUMBNAIL_CONCURRENCY images are worked on
// at once (each holds its input in memory), the rest wait their turn. A decompression bomb (more
// pixels than MAX_INPUT_PIXELS) or a file that claims to be an image but is not makes no
// thumbnail: the upload stands, nothing half stored, never a 500.
import type { Readable } from 'node:stream';
import type { Storage } from '../../platform/storage/storage';

/** The content types a thumbnail is made for (uploads are checked by magic bytes first). */
export const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
/** 100 megapixels: a 12,000 × 8,000 photo passes; a PNG claiming 50,000 × 50,000 does not. */
export const MAX_INPUT_PIXELS = 100_000_000;
export const THUMBNAIL_SIZE = 480;
export const THUMBNAIL_CONCURRENCY = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= THUMBNAIL_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The thumbnail's key beside the object's: `<project>/<name>.<ext>` -> `<project>/<name>-thumb.webp`. */
export function thumbnailKey(storagePath: string): string {
  return storagePath.replace(/\.[a-z0-9]+$/, '') + '-thumb.webp';
}

/** A WebP thumbnail of the image, or null when it is not one sharp can read within the limits. */
export async function renderThumbnail(source: Readable): Promise<Buffer | null> {
  return withSlot(async () => {
    // Loaded when first needed: a server that never sees an image never loads libvips.
    const { default: sharp } = await import('sharp');
    const image = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true, animated: false });
    try {
      const done = image
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      source.once('error', (error) => image.destroy(error));
      source.pipe(image);
      return await done;
    } catch {
      source.destroy();
      return null;
    }
  });
}

/**
 * Makes and stores the thumbnail of a stored image; the key, or null when none was made. A store
 * that fails half way removes what it wrote.
 */
export async function storeThumbnail(storage: Storage, storagePath: string, contentType: string): Promise<string | null> {
  if (!THUMBNAIL_TYPES.has(contentType)) return null;
  const source = await storage.read(storagePath);
  if (!source) return null;
  const thumbnail = await renderThumbnail(source);
  if (!thumbnail) return null;
  const key = thumbnailKey(storagePath);
  try {
    await storage.put(key, thumbnail);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
  return key;
}
