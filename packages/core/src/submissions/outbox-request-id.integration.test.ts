import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { loadConfig } from '../config/load-config.js';
import { createForm } from '../forms/create-form.js';
import { createUser } from '../users/create-user.js';
import { createWebhookEndpoint } from '../webhooks/create-webhook-endpoint.js';
import { findPendingOutbox } from './find-pending-outbox.js';
import { submitForm } from './submit-form.js';

useTestDatabase('core_outbox_request_id');

// The endpoint is never called here; loopback URLs are refused unless private targets are allowed.
const privateTargets = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });

async function ownerWithEndpoint() {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const form = await createForm({
    config: testConfig,
    userId: user.id,
    // One outbox item per submission, the webhook: the owner's notification (on by default on PRO) is off.
    input: {
      name: 'Contact',
      formType: 'contact',
      fields: [],
      emailSettings: { developerNotificationsEnabled: false },
    },
  });
  await createWebhookEndpoint({
    config: privateTargets,
    userId: user.id,
    formId: form.id,
    url: 'http://127.0.0.1:9/hook',
  });

  return { user: { id: user.id, plan: 'PRO' as const, quotaLimit: 1000 }, formId: form.id };
}

describe('the request id of a submission reaches its outbox items', () => {
  test('handed off at submit time and found again by the sweep; null when the caller had none', async () => {
    const { user, formId } = await ownerWithEndpoint();
    const requestId = '0b6f3c1e-2d4a-4f5b-9c8d-7e6f5a4b3c2d';

    const withId = await submitForm({ config: testConfig, user, input: { formId, data: {} }, requestId });
    const without = await submitForm({ config: testConfig, user, input: { formId, data: {} } });

    expect(withId.outbox.map((item) => item.requestId)).toEqual([requestId]);
    expect(without.outbox.map((item) => item.requestId)).toEqual([null]);
    // Every pending entry counts as old enough here: the sweep's own reading of the stored outbox.
    const swept = await findPendingOutbox({ olderThanMs: -60_000 });
    const bySubmission = new Map(swept.map((item) => [item.submissionId, item.requestId]));
    expect(bySubmission.get(withId.response.submissionId)).toBe(requestId);
    expect(bySubmission.get(without.response.submissionId)).toBeNull();
  });
});
