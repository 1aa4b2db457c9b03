// The storage the configuration names (STORAGE=disk|s3).
import type { StorageConfig } from '../config';
import { s3Storage } from './s3-storage';
import { localDiskStorage, type Storage } from './storage';

export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? s3Storage(config) : localDiskStorage(config.root);
}
