import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships no type declarations: the little of it used here is typed at this one import.
// @ts-expect-error -- no types for s3rver
import S3rver from 's3rver';

type TS3rver = { run(): Promise<AddressInfo>; close(): Promise<void> };

export type TS3Server = {
  /** The FILE_STORAGE=s3 settings that point the app at this server. */
  env: Record<string, string>;
  /** The keys of the objects stored in the bucket now. */
  objectKeys: () => Promise<string[]>;
  /** Removes one object behind the app's back, as an operator's clean-up of the bucket would. */
  removeObject: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

const BUCKET = 'formwell-uploads';
const OBJECT_SUFFIX = '._S3rver_object';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects on disk) on a free
 * loopback port, with an empty bucket, for the S3 path of file storage.
 */
export async function startS3Server(): Promise<TS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'formwell-s3-'));
  const server = new (S3rver as new (options: object) => TS3rver)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();

  return {
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${String(address.port)}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    // s3rver keeps each object's bytes as `<key>._S3rver_object` (beside its metadata files).
    objectKeys: async () => {
      const stored = await readdir(join(directory, BUCKET, 'uploads')).catch(() => []);

      return stored
        .filter((name) => name.endsWith(OBJECT_SUFFIX))
        .map((name) => `uploads/${name.slice(0, -OBJECT_SUFFIX.length)}`)
        .sort();
    },
    // Unsigned: s3rver serves anonymous requests, so the test needs no S3 client of its own.
    removeObject: async (key) => {
      const response = await fetch(`http://127.0.0.1:${String(address.port)}/${BUCKET}/${key}`, {
        method: 'DELETE',
      });
      if (response.status !== 204) {
        throw new Error(`removing ${key} answered ${String(response.status)}`);
      }
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
