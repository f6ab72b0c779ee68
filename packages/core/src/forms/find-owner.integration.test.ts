import { describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { findApiKeyOwner } from '../api-keys/find-api-key-owner.js';
import { createUser } from '../users/create-user.js';
import { findUserIdByEmail } from '../users/find-user-id-by-email.js';
import { createForm } from './create-form.js';
import { findFormOwner } from './find-form-owner.js';

useTestDatabase('core_find_owner');

// The operator CLI names a key, a form or an email, never an owner: these lookups find the owner.
describe('owner lookups for the operator CLI', () => {
  test('a key, a form and an email lead to their owner', async () => {
    const email = testEmail();
    const user = await createUser({ config: testConfig, input: { email, plan: 'PRO' } });
    const key = await createApiKey({ userId: user.id, name: 'ops' });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'Contact', formType: 'contact' },
    });

    expect(await findApiKeyOwner({ keyId: key.id })).toBe(user.id);
    expect(await findFormOwner({ formId: form.id })).toBe(user.id);
    expect(await findUserIdByEmail({ email: email.toUpperCase() })).toBe(user.id);
  });

  test('unknown or malformed ids are 404 with the usual texts; an unknown email is null', async () => {
    for (const id of ['000000000000000000000000', 'not-an-id']) {
      const keyError = await appErrorOf(findApiKeyOwner({ keyId: id }));
      const formError = await appErrorOf(findFormOwner({ formId: id }));
      expect([keyError.httpStatus, keyError.message]).toEqual([404, 'API key not found']);
      expect([formError.httpStatus, formError.message]).toEqual([404, 'Form not found']);
    }
    expect(await findUserIdByEmail({ email: 'nobody@example.com' })).toBeNull();
  });
});
