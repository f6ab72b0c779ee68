import { describe, expect, test } from 'vitest';

import { ZSubmissionEmailJobSchema } from './email-job.js';
import { ZWebhookDeliveryJobSchema } from './webhook-delivery-job.js';

const IDS = {
  userId: '65a000000000000000000001',
  formId: '65a000000000000000000002',
  submissionId: '65a000000000000000000003',
  entryId: '65a000000000000000000004',
};
const REQUEST_ID = '0b6f3c1e-2d4a-4f5b-9c8d-7e6f5a4b3c2d';

describe('the request id in submission job contracts', () => {
  const cases = [
    ['webhook delivery', ZWebhookDeliveryJobSchema, { ...IDS, endpointId: '65a000000000000000000005' }],
    ['submission email', ZSubmissionEmailJobSchema, { ...IDS, kind: 'email.developer' }],
  ] as const;

  test.each(cases)('%s: optional, kept when valid', (_name, schema, data) => {
    expect(schema.parse(data)).toEqual(data);
    expect(schema.parse({ ...data, requestId: REQUEST_ID })).toEqual({ ...data, requestId: REQUEST_ID });
  });

  test.each(cases)(
    '%s: anything but an id is refused, and other extra keys still are',
    (_name, schema, data) => {
      for (const requestId of ['', 'a'.repeat(65), 'jane@example.com', 'has space', 42, null]) {
        expect([requestId, schema.safeParse({ ...data, requestId }).success]).toEqual([requestId, false]);
      }
      expect(schema.safeParse({ ...data, requestId: REQUEST_ID, email: 'jane@example.com' }).success).toBe(
        false,
      );
    },
  );
});
