import type { TCreateFormInput } from '@formwell/core';

import { createKey, type TOwner } from '../api-v1/helpers/fixtures.js';
import { formData, pngBytes, sha256 } from './helpers.js';

/** The upload form of these tests, its photos field taking any type (an HTML page here). */
export const DOWNLOAD_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  {
    name: 'cv',
    label: 'CV',
    type: 'file',
    required: true,
    accept: ['application/pdf', '.png'],
    maxSizeMb: 1,
  },
  { name: 'photos', label: 'Attachments', type: 'file', multiple: 2 },
] as const satisfies TCreateFormInput['fields'];

export type TUploadedFileValue = {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
};

/** Two files (a PNG CV and an HTML "photo" where any type is allowed) posted to /f/ as FormData. */
export async function uploadTwoFiles(base: string, formId: string) {
  const cv = pngBytes(200 * 1024);
  const page = Buffer.from(
    '<!doctype html><html><body><script>document.title="pwned"</script></body></html>',
  );
  const response = await fetch(`${base}/f/${formId}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: formData([
      ['name', 'Ada'],
      ['cv', { bytes: cv, filename: 'cv.png' }],
      ['photos', { bytes: page, filename: 'page.html', type: 'text/html' }],
    ]),
  });

  return { response, sent: { cv, page } };
}

/** A download's status, the headers that keep it from rendering, and the SHA-256 of its bytes. */
export async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());

  return {
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    nosniff: response.headers.get('x-content-type-options'),
    csp: response.headers.get('content-security-policy'),
    cacheControl: response.headers.get('cache-control'),
    type: response.headers.get('content-type'),
    sha256: sha256(bytes),
    text: new TextDecoder().decode(bytes),
  };
}

export function fileUrl(base: string, ids: { formId: string; submissionId: string; fileId: string }): string {
  return `${base}/api/v1/forms/${ids.formId}/submissions/${ids.submissionId}/files/${ids.fileId}`;
}

/** A key of the same owner that lacks `submissions:read`. */
export async function keyWithoutRead(owner: Pick<TOwner, 'userId'>) {
  return (await createKey({ userId: owner.userId, scopes: ['forms:read', 'submissions:write'] })).key;
}

/** The CV and the first attachment of the form's latest submission, as the listing shows them. */
export async function listedFiles(base: string, formId: string, key: string) {
  const listed = await fetch(`${base}/api/v1/forms/${formId}/submissions`, { headers: { 'x-api-key': key } });
  const [submission] = ((await listed.json()) as { submissions: { data: Record<string, unknown> }[] })
    .submissions;
  const [page] = submission?.data.photos as TUploadedFileValue[];
  if (!page) {
    throw new Error('the submission lists no attachment');
  }

  return { cv: submission?.data.cv as TUploadedFileValue, page };
}
