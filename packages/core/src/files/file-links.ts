import { createHmac, timingSafeEqual } from 'node:crypto';

import { signingKeyRepository, uploadedFileRepository } from '@formwell/db';

import { isStoredFile, type TStoredFile } from './z-stored-file.js';

/** How long a link in an email, webhook or integration message works. */
const FILE_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const PURPOSE = 'file-links';

/** The path of the signed-link download, outside /api/v1 (no key: the signature is the permission). */
export const SIGNED_FILE_PATH = '/files';

function signature(key: string, fileId: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`${fileId}.${String(expires)}`)
    .digest('base64url');
}

/** A stored file value as messages carry it: its own properties, a signed `url` and `expiresAt`. */
type TLinkedFile = TStoredFile & { url: string; expiresAt: string };

/** A value that names a file: what a stored file value looks like, or a submitter's imitation. */
function namesFile(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'fileId' in value;
}

/** A submitter's imitation of a file value loses any link it brought: links come from us only. */
function withoutLink(value: Record<string, unknown>): Record<string, unknown> {
  const { url: _url, expiresAt: _expiresAt, ...rest } = value;

  return rest;
}

/**
 * Adds a signed, expiring download link to every file value of a submission's fields (a value
 * or a list of values), leaving the other values as they are. The link names the file and its
 * expiry; the HMAC over both, with the install's key, is the only permission it needs. So only
 * the files this server stored for this very submission are linked: `data` is the submitter's
 * text, and a value shaped like a file (in a product list, say) could otherwise name another
 * workspace's file id and get a working link to it, or carry a `url` of the submitter's choosing.
 */
export async function withFileLinks({
  submissionId,
  fields,
  publicUrl,
  now = new Date(),
}: {
  submissionId: string;
  fields: Record<string, unknown>;
  publicUrl: string;
  now?: Date;
}): Promise<Record<string, unknown>> {
  const hasFiles = Object.values(fields).some(
    (value) => namesFile(value) || (Array.isArray(value) && value.some(namesFile)),
  );
  if (!hasFiles) {
    return fields;
  }
  const stored = await uploadedFileRepository.listOfSubmissions([submissionId]);
  const ours = new Set(stored.map((file) => file.id));
  const key = await signingKeyRepository.getOrCreate(PURPOSE);
  const expires = Math.floor((now.getTime() + FILE_LINK_LIFETIME_MS) / 1000);
  const link = (value: Record<string, unknown>): Record<string, unknown> => {
    if (!isStoredFile(value) || !ours.has(value.fileId)) {
      return withoutLink(value);
    }
    const query = new URLSearchParams({
      expires: String(expires),
      signature: signature(key, value.fileId, expires),
    });
    const linked: TLinkedFile = {
      ...value,
      url: `${publicUrl.replace(/\/+$/, '')}${SIGNED_FILE_PATH}/${value.fileId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };

    return linked;
  };

  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      namesFile(value)
        ? link(value)
        : Array.isArray(value)
          ? value.map((item: unknown) => (namesFile(item) ? link(item) : item))
          : value,
    ]),
  );
}

/** Whether a signed link is genuine and not expired. */
export async function isValidFileLink({
  fileId,
  expires,
  signature: sent,
  now = new Date(),
}: {
  fileId: string;
  expires: unknown;
  signature: unknown;
  now?: Date;
}): Promise<boolean> {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sent !== 'string') {
    return false;
  }
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) {
    return false;
  }
  const expected = Buffer.from(signature(await signingKeyRepository.getOrCreate(PURPOSE), fileId, at));
  const given = Buffer.from(sent);

  return given.length === expected.length && timingSafeEqual(given, expected);
}
