import type { Readable } from 'node:stream';

import type * as S3Sdk from '@aws-sdk/client-s3';

import { FileMissingError, type TFileStorage, type TS3Settings } from './file-storage.js';

/** Object keys live under one prefix, so the bucket can hold other things too. */
const KEY_PREFIX = 'uploads/';

const objectKey = (fileId: string) => `${KEY_PREFIX}${fileId}`;

type TS3Connection = { client: S3Sdk.S3Client; sdk: typeof S3Sdk };

/**
 * Files in any S3-compatible store (AWS S3, MinIO, R2). `Upload` sends a large file as a multipart
 * upload of 5 MB parts as the bytes arrive (memory stays at a few parts, whatever the file size)
 * and aborts the multipart upload when the source fails; a small one is a single PUT.
 */
export function createS3FileStorage(settings: TS3Settings): TFileStorage {
  // The SDK is loaded when the store is first used: most processes that import this package (the
  // CLI, every test file, GridFS installs) never touch S3, and loading it costs each of them CPU
  // at start.
  let connected: Promise<TS3Connection> | undefined;
  const connect = () => (connected ??= openS3Client(settings));

  async function remove(fileIds: string[]): Promise<void> {
    const { client, sdk } = await connect();
    // DeleteObjects takes at most 1,000 keys per call.
    for (let start = 0; start < fileIds.length; start += 1000) {
      const keys = fileIds.slice(start, start + 1000).map((id) => ({ Key: objectKey(id) }));
      await client.send(
        new sdk.DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
    }
  }

  return {
    kind: 's3',
    async write({ fileId, source }) {
      const [{ client }, { Upload }] = await Promise.all([connect(), import('@aws-sdk/lib-storage')]);
      const upload = new Upload({
        client,
        params: { Bucket: settings.bucket, Key: objectKey(fileId), Body: source },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        await remove([fileId]);
        throw error;
      }
    },
    async read(fileId) {
      const { client, sdk } = await connect();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(fileId) }),
        );

        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) {
          throw new FileMissingError(fileId);
        }
        throw error;
      }
    },
    remove,
  };
}

async function openS3Client(settings: TS3Settings): Promise<TS3Connection> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    // MinIO and most self-hosted stores serve buckets as paths, not as sub-domains.
    forcePathStyle: settings.endpoint !== null,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores do not read the newer
    // streamed-checksum uploads the SDK would otherwise send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return { client, sdk };
}
