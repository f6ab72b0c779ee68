import type { InferSchemaType } from 'mongoose';

import { SubmissionModel } from '../models/submission.js';
import { UploadedFileModel } from '../models/uploaded-file.js';
import type { TFileStorageKind } from '../file-storage/file-storage.js';
import { toObjectId } from './object-id.js';
import type { TRecordOf } from './record-of.js';

type TUploadedFileDoc = InferSchemaType<typeof UploadedFileModel.schema> & { _id: unknown };

export type TUploadedFileRecord = TRecordOf<Omit<TUploadedFileDoc, '_id'>> & { id: string };

type TLean = TUploadedFileDoc & { _id: { toHexString(): string } };

function toRecord(doc: TLean): TUploadedFileRecord {
  return {
    id: doc._id.toHexString(),
    workspaceId: String(doc.workspaceId),
    formId: String(doc.formId),
    submissionId: doc.submissionId ? String(doc.submissionId) : null,
    field: doc.field,
    name: doc.name,
    size: doc.size,
    contentType: doc.contentType,
    sha256: doc.sha256,
    // A record from before claims were kept holds its size once attached, nothing before.
    claimedBytes: doc.claimedBytes ?? (doc.submissionId ? doc.size : 0),
    storage: doc.storage,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function ids(values: string[]) {
  return values.map((value) => toObjectId(value)).filter((id) => id !== null);
}

/** The records of uploaded files; their bytes are in the file storage under the same id. */
export const uploadedFileRepository = {
  newId(): string {
    return new UploadedFileModel()._id.toHexString();
  },

  /** Written before the first byte is stored, so an interrupted upload can still be found. */
  async begin(file: {
    id: string;
    workspaceId: string;
    formId: string;
    field: string;
    name: string;
    contentType: string;
    storage: TFileStorageKind;
  }): Promise<void> {
    await UploadedFileModel.create({
      _id: file.id,
      workspaceId: file.workspaceId,
      formId: file.formId,
      field: file.field,
      name: file.name,
      contentType: file.contentType,
      storage: file.storage,
    });
  },

  /** Records storage claimed for the file's bytes (after the tenant's counter took them). */
  async addClaim({ id, bytes }: { id: string; bytes: number }): Promise<void> {
    await UploadedFileModel.updateOne({ _id: toObjectId(id) }, { $inc: { claimedBytes: bytes } });
  },

  /** The size, type and digest known once the last byte is stored; the claim is then its size. */
  async finish(file: { id: string; size: number; contentType: string; sha256: string }): Promise<void> {
    await UploadedFileModel.updateOne(
      { _id: toObjectId(file.id) },
      {
        $set: {
          size: file.size,
          contentType: file.contentType,
          sha256: file.sha256,
          claimedBytes: file.size,
        },
      },
    );
  },

  /** Ties the upload's files to the submission just stored. */
  async attach({ fileIds, submissionId }: { fileIds: string[]; submissionId: string }): Promise<void> {
    await UploadedFileModel.updateMany(
      { _id: { $in: ids(fileIds) } },
      { $set: { submissionId: toObjectId(submissionId) } },
    );
  },

  /** Whether a submission is stored (the honeypot answers with an id it never stores). */
  async submissionStored(submissionId: string): Promise<boolean> {
    const id = toObjectId(submissionId);

    return id !== null && (await SubmissionModel.exists({ _id: id })) !== null;
  },

  /** One file of one submission of one tenant's form; null for anything else. */
  async findOfSubmission({
    workspaceId,
    formId,
    submissionId,
    fileId,
  }: {
    workspaceId: string;
    formId: string;
    submissionId: string;
    fileId: string;
  }): Promise<TUploadedFileRecord | null> {
    const [tenant, form, submission, file] = [workspaceId, formId, submissionId, fileId].map(toObjectId);
    if (!tenant || !form || !submission || !file) {
      return null;
    }
    const doc = await UploadedFileModel.findOne({
      _id: file,
      workspaceId: tenant,
      formId: form,
      submissionId: submission,
    }).lean<TLean>();

    return doc ? toRecord(doc) : null;
  },

  async findById(fileId: string): Promise<TUploadedFileRecord | null> {
    const id = toObjectId(fileId);
    const doc = id ? await UploadedFileModel.findById(id).lean<TLean>() : null;

    return doc ? toRecord(doc) : null;
  },

  /** The files of these submissions (at most a few per submission). */
  async listOfSubmissions(submissionIds: string[]): Promise<TUploadedFileRecord[]> {
    if (submissionIds.length === 0) {
      return [];
    }
    const docs = await UploadedFileModel.find({ submissionId: { $in: ids(submissionIds) } }).lean<TLean[]>();

    return docs.map(toRecord);
  },

  /** Every file of one form of a tenant (the form's deletion). */
  async listOfForm({
    workspaceId,
    formId,
  }: {
    workspaceId: string;
    formId: string;
  }): Promise<TUploadedFileRecord[]> {
    const tenant = toObjectId(workspaceId);
    const form = toObjectId(formId);
    const docs =
      tenant && form
        ? await UploadedFileModel.find({ workspaceId: tenant, formId: form }).lean<TLean[]>()
        : [];

    return docs.map(toRecord);
  },

  /** Every file of a tenant (account erasure). */
  async listOfWorkspace(workspaceId: string): Promise<TUploadedFileRecord[]> {
    const tenant = toObjectId(workspaceId);
    const docs = tenant ? await UploadedFileModel.find({ workspaceId: tenant }).lean<TLean[]>() : [];

    return docs.map(toRecord);
  },

  /**
   * The submission whose data holds this file, for an upload cut off between storing its
   * submission and tying the files to it (field names hold no dots, so the path is exact).
   */
  async findHoldingSubmission(file: { id: string; formId: string; field: string }): Promise<string | null> {
    const doc = await SubmissionModel.findOne(
      { formId: toObjectId(file.formId), [`data.${file.field}.fileId`]: file.id },
      { _id: 1 },
    ).lean<{ _id: { toHexString(): string } }>();

    return doc ? doc._id.toHexString() : null;
  },

  /** Uploads that never became part of a submission and are older than `before`. */
  async listUnattached({ before, limit }: { before: Date; limit: number }): Promise<TUploadedFileRecord[]> {
    const docs = await UploadedFileModel.find({ submissionId: null, createdAt: { $lt: before } })
      .limit(limit)
      .lean<TLean[]>();

    return docs.map(toRecord);
  },

  /**
   * Removes one record and answers it as it was, or null when another clean-up removed it first:
   * only the one that removed it gives its bytes back to the counters.
   */
  async remove(fileId: string): Promise<TUploadedFileRecord | null> {
    const id = toObjectId(fileId);
    const doc = id ? await UploadedFileModel.findOneAndDelete({ _id: id }).lean<TLean>() : null;

    return doc ? toRecord(doc) : null;
  },
};
