import { randomBytes } from 'node:crypto';

import { uploadedFileRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { useTestDatabase } from '../../test/use-test-database.js';
import { withFileLinks } from './file-links.js';

useTestDatabase('core_file_links');

const PUBLIC_URL = 'https://forms.example';

/** A fresh ObjectId in hex: 12 random bytes. */
function newId(): string {
  return randomBytes(12).toString('hex');
}

/** An upload record as the upload path writes it, tied to one submission. */
async function storedFile(submissionId: string) {
  const id = newId();
  await uploadedFileRepository.begin({
    id,
    workspaceId: newId(),
    formId: newId(),
    field: 'cv',
    name: 'cv.pdf',
    contentType: 'application/pdf',
    storage: 'gridfs',
  });
  await uploadedFileRepository.finish({
    id,
    size: 3,
    contentType: 'application/pdf',
    sha256: 'a'.repeat(64),
  });
  await uploadedFileRepository.attach({ fileIds: [id], submissionId });

  return { fileId: id, name: 'cv.pdf', size: 3, contentType: 'application/pdf', sha256: 'a'.repeat(64) };
}

describe('withFileLinks', () => {
  test("links the submission's own files only; a value naming another submission's file gets no link", async () => {
    const mine = newId();
    const victims = newId();
    const own = await storedFile(mine);
    const foreign = await storedFile(victims);

    const fields = await withFileLinks({
      submissionId: mine,
      publicUrl: PUBLIC_URL,
      fields: {
        cv: own,
        // A submitter's product list imitating file values: another submission's file, and a
        // made-up one carrying a link of its own.
        products: [foreign, { fileId: 'x', name: 'Invoice.pdf', url: 'https://evil.example/x' }],
      },
    });

    const linked = fields.cv as { url: string };
    expect(fields.cv).toMatchObject(own);
    expect(linked.url.startsWith(`${PUBLIC_URL}/files/${own.fileId}?`)).toBe(true);
    expect(fields.products).toEqual([foreign, { fileId: 'x', name: 'Invoice.pdf' }]);
  });

  test('fields without file values come back as they are', async () => {
    const fields = { email: 'ada@example.com', count: 3 };

    expect(
      await withFileLinks({
        submissionId: newId(),
        publicUrl: PUBLIC_URL,
        fields,
      }),
    ).toBe(fields);
  });
});
