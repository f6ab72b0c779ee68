import type { Readable } from 'node:stream';

import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import { FileMissingError, type TFileStorage, type TS3Settings } from './file-storage.js';

/** Object keys live under one prefix, so the bucket can hold other things too. */
const KEY_PREFIX = 'uploads/';

const objectKey = (fileId: string) => `${KEY_PREFIX}${fileId}`;

/**
 * Files in any S3-compatible store (AWS S3, MinIO, R2). `Upload` sends a large file as a multipart
 * upload of 5 MB parts as the bytes arrive (memory stays at a few parts, whatever the file size)
 * and aborts the multipart upload when the source fails; a small one is a single PUT.
 */
export function createS3FileStorage(settings: TS3Settings): TFileStorage {
  const client = new S3Client({
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

  async function remove(fileIds: string[]): Promise<void> {
    // DeleteObjects takes at most 1,000 keys per call.
    for (let start = 0; start < fileIds.length; start += 1000) {
      const keys = fileIds.slice(start, start + 1000).map((id) => ({ Key: objectKey(id) }));
      await client.send(
        new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
    }
  }

  return {
    kind: 's3',
    async write({ fileId, source }) {
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
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(fileId) }),
        );

        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) {
          throw new FileMissingError(fileId);
        }
        throw error;
      }
    },
    remove,
  };
}
