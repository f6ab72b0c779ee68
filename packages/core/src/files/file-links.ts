import { createHmac, timingSafeEqual } from 'node:crypto';

import { signingKeyRepository } from '@formwell/db';

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

/**
 * Adds a signed, expiring download link to every file value of a submission's fields (a value
 * or a list of values), leaving the other values as they are. The link names the file and its
 * expiry; the HMAC over both, with the install's key, is the only permission it needs.
 */
export async function withFileLinks({
  fields,
  publicUrl,
  now = new Date(),
}: {
  fields: Record<string, unknown>;
  publicUrl: string;
  now?: Date;
}): Promise<Record<string, unknown>> {
  const hasFiles = Object.values(fields).some(
    (value) => isStoredFile(value) || (Array.isArray(value) && value.some(isStoredFile)),
  );
  if (!hasFiles) {
    return fields;
  }
  const key = await signingKeyRepository.getOrCreate(PURPOSE);
  const expires = Math.floor((now.getTime() + FILE_LINK_LIFETIME_MS) / 1000);
  const link = (file: TStoredFile): TLinkedFile => {
    const query = new URLSearchParams({
      expires: String(expires),
      signature: signature(key, file.fileId, expires),
    });

    return {
      ...file,
      url: `${publicUrl.replace(/\/+$/, '')}${SIGNED_FILE_PATH}/${file.fileId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  };

  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      isStoredFile(value)
        ? link(value)
        : Array.isArray(value)
          ? value.map((item: unknown) => (isStoredFile(item) ? link(item) : item))
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
