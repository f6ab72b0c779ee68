import getPort from 'get-port';
import { afterEach, expect, test } from 'vitest';

import { createKey } from '../api-v1/helpers/fixtures.js';
import { launchChromium, serveCustomerSite } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';
import { spawnEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import { createPublicForm } from '../public-form/helpers.js';
import { download, DOWNLOAD_FIELDS, fileUrl, type TUploadedFileValue } from '../uploads/download-flow.js';
import { pngBytes, sha256 } from '../uploads/helpers.js';

// A customer's page with a plain multipart <form> (no JavaScript), two files chosen in real
// Chromium: the files the owner gets back, from the API and from the webhook's signed links, are
// the bytes the browser sent.

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

test('two files from a plain HTML form come back byte-identical from the REST route and the signed links', async () => {
  const port = await getPort({ host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${String(port)}`;
  const { app, env } = await buildTestApp({ PUBLIC_URL: origin });
  await app.listen({ port, host: '127.0.0.1' });
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: env.MONGODB_URI,
    REDIS_URL: env.REDIS_URL,
    PUBLIC_URL: origin,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  });
  cleanups.push(async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  });
  const form = await createPublicForm({
    owner: { plan: 'STANDARD' },
    form: { fields: [...DOWNLOAD_FIELDS] },
    webhookUrl: receiver.url,
  });
  const site = await serveCustomerSite({
    '/': `<!doctype html><html><head><title>Apply</title></head><body>
<form action="${origin}/f/${form.formId}" method="POST" enctype="multipart/form-data">
  <input name="name" value="Ada Lovelace">
  <input type="file" name="cv" accept=".png,application/pdf">
  <input type="file" name="photos" multiple>
  <button id="send" type="submit">Send</button>
</form></body></html>`,
  });
  const cv = pngBytes(700 * 1024);
  const notes = Buffer.from('Notes on the Analytical Engine\n'.repeat(2000));
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);
  await page.setInputFiles('input[name=cv]', { name: 'cv.png', mimeType: 'image/png', buffer: cv });
  await page.setInputFiles('input[name=photos]', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: notes,
  });
  await worker.waitForOutput(/"msg":"worker started"/, 60_000);

  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith(`/f/${form.formId}`) && response.request().method() === 'POST',
    ),
    page.click('#send'),
  ]);
  await page.waitForLoadState('load');

  expect(answer.status()).toBe(303);
  expect(page.url()).toBe(`${origin}/f/${form.formId}/thanks`);
  await waitFor(
    () => Promise.resolve(receiver.received.length > 0 ? true : undefined),
    60_000,
    () => 'no webhook received',
  );
  type TLinked = TUploadedFileValue & { url: string };
  const { data } = JSON.parse(receiver.received[0]?.body ?? '{}') as {
    data: { submissionId: string; fields: { cv: TLinked; photos: TLinked[] } };
  };
  const files = [
    { value: data.fields.cv, sent: cv },
    { value: data.fields.photos[0] as TLinked, sent: notes },
  ];
  expect(files.map(({ value }) => [value.name, value.contentType, value.size])).toEqual([
    ['cv.png', 'image/png', cv.length],
    ['notes.txt', 'text/plain', notes.length],
  ]);
  const { key } = await createKey({ userId: form.userId });
  for (const { value, sent } of files) {
    expect(value.sha256).toBe(sha256(sent));
    const fromApi = await download(
      fileUrl(origin, { formId: form.formId, submissionId: data.submissionId, fileId: value.fileId }),
      {
        'x-api-key': key,
      },
    );
    expect([fromApi.status, fromApi.sha256]).toEqual([200, sha256(sent)]);
    const fromLink = await download(value.url);
    expect([fromLink.status, fromLink.sha256]).toEqual([200, sha256(sent)]);
  }
});
