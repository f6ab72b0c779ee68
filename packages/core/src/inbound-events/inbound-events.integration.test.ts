import { randomBytes } from 'node:crypto';

import { describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createForm } from '../forms/create-form.js';
import { createUser } from '../users/create-user.js';
import { listInboundEvents } from './list-inbound-events.js';
import { recordInboundEvent } from './record-inbound-event.js';

useTestDatabase('core_inbound_events');

function payload(formId: string, submissionId = randomBytes(12).toString('hex')) {
  return {
    event: 'form.submission.created',
    timestamp: '2026-11-23T10:00:00.000Z',
    data: { formId, submissionId, fields: { email: 'a@example.com', 'odd.$name': 'kept' } },
  };
}

describe('inbound events', () => {
  test('recorded once per submission id; owners see their forms, staff see all', async () => {
    const owner = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: owner.id,
      input: { name: 'F', formType: 'contact' },
    });
    const mine = payload(form.id);

    expect(await recordInboundEvent({ payload: mine })).toEqual({ recorded: true });
    expect(await recordInboundEvent({ payload: { ...mine, timestamp: '2026-11-24T00:00:00Z' } })).toEqual({
      recorded: false,
    });
    const elsewhere = payload('form-of-another-deployment');
    await recordInboundEvent({ payload: elsewhere });

    const seen = await listInboundEvents({ user: { id: owner.id, role: 'OWNER' } });
    expect(seen.events.map(({ id: _id, receivedAt: _receivedAt, ...event }) => event)).toEqual([
      {
        event: 'form.submission.created',
        formId: form.id,
        submissionId: mine.data.submissionId,
        occurredAt: '2026-11-23T10:00:00.000Z',
        fields: { email: 'a@example.com', 'odd.$name': 'kept' },
      },
    ]);
    expect(Date.parse(seen.events[0]?.receivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await listInboundEvents({ user: { id: other.id, role: 'OWNER' } })).events).toEqual([]);
    const staff = await listInboundEvents({ user: { id: other.id, role: 'ADMIN' }, limit: 100 });
    expect(staff.events.map((event) => event.submissionId)).toEqual(
      expect.arrayContaining([mine.data.submissionId, elsewhere.data.submissionId]),
    );
  });

  test('a bad shape is a 400 naming the field', async () => {
    const bad = payload('f');
    const error = await appErrorOf(recordInboundEvent({ payload: { ...bad, event: 'form.deleted' } }));
    expect([error.httpStatus, error.message]).toEqual([400, expect.stringContaining('event')]);
    const noFields = await appErrorOf(
      recordInboundEvent({ payload: { ...bad, data: { formId: 'f', submissionId: 's', fields: [] } } }),
    );
    expect(noFields.message).toContain('data.fields');
    expect(
      (await appErrorOf(recordInboundEvent({ payload: { ...bad, timestamp: 'yesterday' } }))).httpStatus,
    ).toBe(400);
  });

  test('pages newest first without repeats or gaps', async () => {
    const owner = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: owner.id,
      input: { name: 'F', formType: 'contact' },
    });
    const sent: string[] = [];
    for (let index = 0; index < 5; index++) {
      const event = payload(form.id);
      await recordInboundEvent({ payload: event });
      sent.push(event.data.submissionId);
    }
    const user = { id: owner.id, role: 'OWNER' } as const;

    const first = await listInboundEvents({ user, limit: 2 });
    const second = await listInboundEvents({ user, limit: 2, cursor: first.nextCursor });
    const third = await listInboundEvents({ user, limit: 2, cursor: second.nextCursor });
    expect(third.nextCursor).toBeNull();
    expect([...first.events, ...second.events, ...third.events].map((event) => event.submissionId)).toEqual(
      sent.reverse(),
    );
    expect((await appErrorOf(listInboundEvents({ user, limit: 101 }))).httpStatus).toBe(400);
  });
});
