import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createApiKey, listSubmissions, type TCreateFormInput } from '@formwell/core';
import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';

import { launchChromium } from '@formwell/vitest-config/chromium';
import { openEmbedPage } from './helpers/embed-page.js';

const MB = 1024 * 1024;

const APPLICATION_FIELDS: TCreateFormInput['fields'] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'photo', label: 'Photo', type: 'file', required: true, accept: ['image/png'], maxSizeMb: 1 },
  { name: 'notes', label: 'Notes', type: 'file', multiple: 2, maxSizeMb: 1 },
];

type TStoredFile = { fileId: string; name: string; size: number; sha256: string };

const directories: string[] = [];

afterEach(async () => {
  for (const directory of directories.splice(0)) {
    await rm(directory, { recursive: true, force: true });
  }
});

/** Files on disk, as a user picks them: a PNG Chromium renders, texts, one over the fields' 1 MB. */
async function filesOnDisk() {
  const directory = await mkdtemp(join(tmpdir(), 'formwell-react-files-'));
  directories.push(directory);
  const page = await (await launchChromium()).newPage();
  await page.setContent('<h1 style="font: 48px serif">Ada Lovelace</h1>');
  const files = {
    photo: { path: join(directory, 'portrait.png'), bytes: await page.screenshot() },
    cover: { path: join(directory, 'cover letter.txt'), bytes: Buffer.from('Dear team,\n'.repeat(2000)) },
    references: { path: join(directory, 'references.md'), bytes: Buffer.from('# References\n- Babbage\n') },
    huge: { path: join(directory, 'huge.txt'), bytes: Buffer.from(randomBytes(0.75 * MB).toString('hex')) },
  };
  for (const { path, bytes } of Object.values(files)) {
    await writeFile(path, bytes);
  }

  return files;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Chooses the files, submits, and waits for `answered`: what this attempt shows and the previous
 * one did not (each attempt here is answered differently).
 */
async function apply(page: Page, choices: { photo: string; notes: string[] }, answered: string) {
  await page.getByLabel('Photo').setInputFiles(choices.photo);
  await page.getByLabel('Notes').setInputFiles(choices.notes);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.locator(answered).waitFor();
}

// Bundling, Chromium start-up and uploads are slow on a busy machine; the bound is generous.
test(
  'a React page on another origin uploads files with an embed key: per-field refusals, then the files stored byte-identical',
  { timeout: 240_000 },
  async () => {
    const files = await filesOnDisk();
    const { page, apiOrigin, userId, formId } = await openEmbedPage(
      '../page/application-page.tsx',
      APPLICATION_FIELDS,
    );
    await page.getByLabel('Name').fill('Ada');

    // A text file where the field takes PNG only: refused beside that input.
    await apply(page, { photo: files.cover.path, notes: [] }, '[data-error-status]');
    expect(await page.locator('[data-field-error="photo"]').textContent()).toBe(
      'File type text/plain is not accepted for "photo"',
    );
    expect(await page.locator('[data-error-status]').getAttribute('data-error-status')).toBe('400');

    // A note over its field's 1 MB: 413, shown beside the notes input.
    await apply(
      page,
      { photo: files.photo.path, notes: [files.huge.path] },
      '[data-error-status]:not([data-error-status="400"])',
    );
    expect(await page.locator('[data-error-status]').getAttribute('data-error-status')).toBe('413');
    expect(await page.locator('[data-field-error="notes"]').textContent()).toBe(
      'File too large (at most 1 MB)',
    );
    expect(await page.locator('[data-field-error="photo"]').count()).toBe(0);
    expect((await listSubmissions({ userId, formId })).submissions).toEqual([]);

    await apply(
      page,
      { photo: files.photo.path, notes: [files.cover.path, files.references.path] },
      '[data-submission-id]',
    );
    const submissionId = await page.locator('[data-submission-id]').getAttribute('data-submission-id');
    expect(await page.locator('[data-field-error]').count()).toBe(0);

    const [stored] = (await listSubmissions({ userId, formId })).submissions;
    expect(stored?.id).toBe(submissionId);
    const photo = stored?.data.photo as TStoredFile;
    const notes = stored?.data.notes as TStoredFile[];
    expect([stored?.data.name, photo.name, notes.map((note) => note.name)]).toEqual([
      'Ada',
      'portrait.png',
      ['cover letter.txt', 'references.md'],
    ]);
    // Each file downloads over the API (a server-side key) exactly as it was on disk.
    const { key } = await createApiKey({ userId, name: 'downloads', scopes: ['submissions:read'] });
    const sent = [
      { value: photo, path: files.photo.path },
      { value: notes[0] as TStoredFile, path: files.cover.path },
      { value: notes[1] as TStoredFile, path: files.references.path },
    ];
    for (const { value, path } of sent) {
      const response = await fetch(
        `${apiOrigin}/api/v1/forms/${formId}/submissions/${String(submissionId)}/files/${value.fileId}`,
        { headers: { 'x-api-key': key } },
      );
      const onDisk = await readFile(path);
      expect([response.status, sha256(Buffer.from(await response.arrayBuffer()))]).toEqual([
        200,
        sha256(onDisk),
      ]);
      expect(value.sha256).toBe(sha256(onDisk));
    }
  },
);
