import { expect, test } from 'vitest';

import { hasFiles, multipartSubmitBody } from '../src/multipart-submit.js';

test('formId comes first, then redirectUrl and the data as text parts, then the files with their names', async () => {
  const cv = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
  const body = multipartSubmitBody(
    {
      formId: 'f1',
      redirectUrl: 'https://example.com/thanks',
      data: { name: 'Ada', topics: ['a', 'b'], newsletter: true, skipped: null },
    },
    { cv, photos: [new Blob(['png']), new File(['gif'], 'b.gif')] },
  );

  const parts = await Promise.all(
    [...body.entries()].map(async ([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, value.name, await value.text()],
    ),
  );
  expect(parts).toEqual([
    ['formId', 'f1'],
    ['redirectUrl', 'https://example.com/thanks'],
    ['name', 'Ada'],
    ['topics', 'a'],
    ['topics', 'b'],
    ['newsletter', 'true'],
    ['cv', 'cv.pdf', '%PDF-1.7'],
    ['photos', 'blob', 'png'],
    ['photos', 'b.gif', 'gif'],
  ]);
});

test('only a chosen file makes a multipart submit', () => {
  expect([hasFiles(undefined), hasFiles({}), hasFiles({ photos: [] })]).toEqual([false, false, false]);
  expect(hasFiles({ cv: new Blob(['x']) })).toBe(true);
});
