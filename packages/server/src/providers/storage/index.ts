import { s3Storage, type S3StorageOptions } from './s3.storage.js';
import { localStorage, type Storage } from './storage.js';

export * from './storage.js';
export { s3Storage, type S3StorageOptions } from './s3.storage.js';

/** As in the config: a local folder, or a bucket with everything `s3Storage` needs. */
export type StorageConfig =
  { readonly kind: 'local'; readonly dir: string } | ({ readonly kind: 's3' } & Readonly<Required<S3StorageOptions>>);

/** The storage this deployment uses. */
export function openStorage(config: StorageConfig): Storage {
  if (config.kind === 'local') return localStorage(config.dir);
  return s3Storage(config);
}
