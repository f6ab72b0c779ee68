import type { TFileStorageSettings } from '@formwell/db';
import { z } from 'zod';

import { rememberFileStorage } from './process-file-storage.js';

/** Where uploaded files are stored: GridFS in the database (default) or an S3-compatible store. */
export const ZFileStorageEnvSchema = z.object({
  FILE_STORAGE: z.enum(['gridfs', 's3']).optional(),
  /** Left out for AWS itself; MinIO, R2 and other stores name their URL. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

type TFileStorageEnv = z.infer<typeof ZFileStorageEnvSchema>;

/** The store's settings; `FILE_STORAGE=s3` without its bucket, region or keys stops the boot. */
export function buildFileStorageConfig(env: TFileStorageEnv): TFileStorageSettings {
  const settings = readSettings(env);
  rememberFileStorage(settings);

  return settings;
}

function readSettings(env: TFileStorageEnv): TFileStorageSettings {
  if (env.FILE_STORAGE !== 's3') {
    return { kind: 'gridfs' };
  }
  const missing = (['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => env[name] === undefined,
  );
  if (missing.length > 0) {
    throw new Error(`FILE_STORAGE=s3 needs ${missing.join(', ')}`);
  }

  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT ?? null,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}
