import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

import type { TCreateFormInput } from '@formwell/core';
import { SubmissionModel } from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';

import { createPublicForm, type TPublicForm } from '../public-form/helpers.js';
import type { CreateOwnerOptions } from '../api-v1/helpers/fixtures.js';

export const MB = 1024 * 1024;

/** The fields of the upload tests' form: one CV (PDF or PNG, 1 MB), up to two photos, a name. */
const UPLOAD_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  {
    name: 'cv',
    label: 'CV',
    type: 'file',
    required: true,
    accept: ['application/pdf', '.png'],
    maxSizeMb: 1,
  },
  { name: 'photos', label: 'Photos', type: 'file', multiple: 2, accept: ['image/*'] },
] as const satisfies TCreateFormInput['fields'];

export async function createUploadForm(
  owner: CreateOwnerOptions = { plan: 'STANDARD' },
  fields: TCreateFormInput['fields'] = [...UPLOAD_FIELDS],
): Promise<TPublicForm> {
  return createPublicForm({ owner, form: { fields } });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));

  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG of `size` bytes (at least 57): signature, header, random data, end. */
export function pngBytes(size = 2048): Buffer {
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  const header = pngChunk('IHDR', Buffer.from('0000000100000001080600000000', 'hex').subarray(0, 13));
  const end = pngChunk('IEND', Buffer.alloc(0));
  const filler = Math.max(0, size - signature.length - header.length - end.length - 12);

  return Buffer.concat([signature, header, pngChunk('IDAT', randomBytes(filler)), end]);
}

/** A Windows executable's first bytes (`MZ` and a PE header), as a renamed .exe carries them. */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x14c, 0x84);

  return bytes;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Listens on a free loopback port (real HTTP: streaming and early answers need a socket). */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** A collection of the test's database, read and written with the driver beside the app. */
export function collection(name: string) {
  const db = mongoose.connection.db;
  if (!db) {
    throw new Error('not connected');
  }

  return db.collection(name);
}

/** What an upload to this form may have left anywhere: submissions, file records, bytes, usage. */
export async function residue({ userId, formId }: TPublicForm) {
  const db = mongoose.connection.db;
  if (!db) {
    throw new Error('not connected');
  }
  const records = await db
    .collection('uploaded_files')
    .find({ formId: new mongoose.Types.ObjectId(formId) })
    .toArray();
  const ids = records.map((record) => record._id);

  return {
    submissions: await SubmissionModel.countDocuments({ formId }),
    fileRecords: records.length,
    gridFsFiles: await db.collection('uploads.files').countDocuments({ _id: { $in: ids } }),
    gridFsChunks: await db.collection('uploads.chunks').countDocuments({ files_id: { $in: ids } }),
    storageBytes: Number(
      (await db.collection('storage_usage').findOne({ workspaceId: new mongoose.Types.ObjectId(userId) }))
        ?.storageBytes ?? 0,
    ),
  };
}

export const NOTHING_LEFT = {
  submissions: 0,
  fileRecords: 0,
  gridFsFiles: 0,
  gridFsChunks: 0,
  storageBytes: 0,
};

/** A multipart body as a browser's FormData sends it. */
export function formData(
  parts: [string, string | { bytes: Uint8Array; filename: string; type?: string }][],
): FormData {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      data.append(name, value);
    } else {
      data.append(
        name,
        new Blob([value.bytes], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
    }
  }

  return data;
}

/** A bot's fields: the honeypot filled before two files (one of 200 KB), for the `cv` file field. */
export function honeypotCaughtParts(): Parameters<typeof formData>[0] {
  return [
    ['_gotcha', 'https://spam.example'],
    ['name', 'Ada'],
    ['cv', { bytes: pngBytes(200 * 1024), filename: 'cv.png' }],
    ['cv', { bytes: pngBytes(), filename: 'second.png' }],
  ];
}

/** A name and one required file (`cv`, any type, the plan's size): the checks-before-files form. */
export const NAME_AND_CV_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'cv', label: 'CV', type: 'file', required: true },
] as const satisfies TCreateFormInput['fields'];
