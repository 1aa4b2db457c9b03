// The storage the configuration names (STORAGE=disk|s3). The S3 driver, and the AWS SDK with it,
// loads only when configured: a server on disk storage never pays for it at start.
import type { StorageConfig } from '../config';
import { localDiskStorage, type Storage } from './storage';

export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver !== 's3') return localDiskStorage(config.root);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(config);
}
