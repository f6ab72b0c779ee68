import { afterEach, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { startSmtp } from '../helpers/smtp-server.js';
import { startWorkerProcess } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import { createPublicForm } from '../public-form/helpers.js';
import { download, DOWNLOAD_FIELDS, uploadTwoFiles } from './download-flow.js';
import { listen, sha256 } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

test("the owner's notification email links each file with a signed link that downloads the same bytes", async () => {
  const { app, env } = await buildTestApp();
  const base = await listen(app);
  const smtp = await startSmtp();
  cleanups.push(smtp.close);
  const worker = await startWorkerProcess({
    MONGODB_URI: env.MONGODB_URI,
    REDIS_URL: env.REDIS_URL,
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
  cleanups.push(worker.stop);
  // The owner's notification (a PRO feature) lists the files.
  const form = await createPublicForm({
    owner: { plan: 'PRO' },
    form: { fields: [...DOWNLOAD_FIELDS], emailSettings: { developerNotificationsEnabled: true } },
  });

  const { response, sent } = await uploadTwoFiles(base, form.formId);
  expect(response.status).toBe(201);
  const mail = await waitFor(
    () => Promise.resolve(smtp.received[0]),
    60_000,
    () => worker.output(),
  );

  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const links = [...(mail.text ?? '').matchAll(new RegExp(`${escaped}/files/[^\\s,]+`, 'g'))].map(
    ([link]) => link,
  );
  expect(links).toHaveLength(2);
  const downloads = await Promise.all(links.map((link) => download(link)));
  expect(
    downloads
      .map(({ status, sha256: digest }) => ({ status, digest }))
      .sort((a, b) => a.digest.localeCompare(b.digest)),
  ).toEqual(
    [sha256(sent.cv), sha256(sent.page)]
      .sort((a, b) => a.localeCompare(b))
      .map((digest) => ({ status: 200, digest })),
  );
  // The HTML body carries the same links, escaped for HTML.
  for (const link of links) {
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
  }
});
