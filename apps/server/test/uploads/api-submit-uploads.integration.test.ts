import { describe, expect, test } from 'vitest';

import { createKey, createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { createPublicForm } from '../public-form/helpers.js';
import { download, DOWNLOAD_FIELDS, fileUrl, type TUploadedFileValue } from './download-flow.js';
import { formData, listen, MB, NOTHING_LEFT, pngBytes, residue, sha256 } from './helpers.js';

async function setUp() {
  const { app } = await buildTestApp();
  const base = await listen(app);
  const form = await createPublicForm({
    owner: { plan: 'STANDARD' },
    form: { fields: [...DOWNLOAD_FIELDS] },
  });
  const { key } = await createKey({ userId: form.userId });

  return { base, form, key };
}

const submit = (base: string, body: FormData, headers: Record<string, string>) =>
  fetch(`${base}/api/v1/forms/submit`, { method: 'POST', headers, body });

describe('POST /api/v1/forms/submit as multipart/form-data', () => {
  test('a key submits two files; the REST route gives them back byte-identical', async () => {
    const { base, form, key } = await setUp();
    const cv = pngBytes(150 * 1024);
    const notes = Buffer.from('plain notes\n'.repeat(500));

    const response = await submit(
      base,
      formData([
        ['formId', form.formId],
        ['name', 'Ada'],
        ['cv', { bytes: cv, filename: 'cv.png' }],
        ['photos', { bytes: notes, filename: 'notes.txt' }],
      ]),
      { 'x-api-key': key },
    );

    expect(response.status).toBe(201);
    const { submissionId } = (await response.json()) as { submissionId: string };
    const listed = await fetch(`${base}/api/v1/forms/${form.formId}/submissions`, {
      headers: { 'x-api-key': key },
    });
    const [submission] = ((await listed.json()) as { submissions: { data: Record<string, unknown> }[] })
      .submissions;
    expect(submission?.data.name).toBe('Ada');
    const files = [
      { value: submission?.data.cv as TUploadedFileValue, sent: cv },
      { value: (submission?.data.photos as TUploadedFileValue[])[0] as TUploadedFileValue, sent: notes },
    ];
    for (const { value, sent } of files) {
      const got = await download(fileUrl(base, { formId: form.formId, submissionId, fileId: value.fileId }), {
        'x-api-key': key,
      });
      expect([got.status, got.sha256]).toEqual([200, sha256(sent)]);
    }
  });

  test('a form made over REST may write accept as HTML does, one comma-separated string', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const owner = await createOwner({ plan: 'STANDARD' });
    const headers = { 'x-api-key': owner.key };
    const created = await fetch(`${base}/api/v1/forms`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Photos',
        formType: 'custom',
        fields: [{ name: 'photo', type: 'file', accept: 'application/pdf, .PNG', required: true }],
      }),
    });
    expect(created.status).toBe(201);
    const form = (await created.json()) as { id: string; fields: { accept?: string[] }[] };
    expect(form.fields[0]?.accept).toEqual(['application/pdf', '.png']);

    const text = await submit(
      base,
      formData([
        ['formId', form.id],
        ['photo', { bytes: Buffer.from('plain notes\n'), filename: 'notes.png' }],
      ]),
      headers,
    );
    expect([text.status, ((await text.json()) as { message: string }).message]).toEqual([
      400,
      'File type text/plain is not accepted for "photo"',
    ]);
    const png = await submit(
      base,
      formData([
        ['formId', form.id],
        ['photo', { bytes: pngBytes(), filename: 'photo.png' }],
      ]),
      headers,
    );
    expect(png.status).toBe(201);
  });

  test.each([
    ['no key', {}, 401],
    ['a key without submissions:write', 'read-only', 403],
  ] as const)('%s: refused before a byte is stored', async (_label, auth, status) => {
    const { base, form } = await setUp();
    const headers =
      auth === 'read-only'
        ? { 'x-api-key': (await createKey({ userId: form.userId, scopes: ['submissions:read'] })).key }
        : auth;

    const response = await submit(
      base,
      formData([
        ['formId', form.formId],
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
      ]),
      headers,
    );

    expect(response.status).toBe(status);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a file before the formId part is 400; a file over its limit is 413; nothing remains', async () => {
    const { base, form, key } = await setUp();
    const early = await submit(
      base,
      formData([
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
        ['formId', form.formId],
      ]),
      { 'x-api-key': key },
    );
    expect([early.status, ((await early.json()) as { message: string }).message]).toEqual([
      400,
      'Send the formId part before the files',
    ]);
    const large = await submit(
      base,
      formData([
        ['formId', form.formId],
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(2 * MB), filename: 'cv.png' }],
      ]),
      { 'x-api-key': key },
    );
    expect(large.status).toBe(413);
    // The 413 names the limit that was crossed (the field's 1 MB), as on POST /f/, not a JSON body's.
    expect(await large.json()).toMatchObject({
      error: 'Request body is too large (at most 1 MB)',
      fieldErrors: { cv: 'File too large (at most 1 MB)' },
    });
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a refusal after the files were stored (a bad parameter) leaves no file behind', async () => {
    const { base, form, key } = await setUp();
    const refused = await submit(
      base,
      formData([
        ['formId', form.formId],
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
        ['redirectUrl', `https://example.com/${'a'.repeat(3000)}`],
      ]),
      { 'x-api-key': key },
    );

    expect(refused.status).toBe(400);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });
});
