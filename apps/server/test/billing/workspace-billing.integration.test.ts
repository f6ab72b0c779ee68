import { randomBytes } from 'node:crypto';

import { createUser, createWorkspace } from '@formwell/core';
import { subscriptionRepository, workspaceRepository } from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import {
  checkoutSession,
  deliver,
  signatureHeader,
  stripeEvent,
  stripeId,
  subscriptionObject,
  type TStripeEvent,
} from '../helpers/stripe-events.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

async function sendOk(app: FastifyInstance, event: TStripeEvent) {
  const body = JSON.stringify(event);
  const response = await deliver(app, body, signatureHeader(body, SECRET));
  expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
}

const planOf = async (workspaceId: string) => {
  const workspace = await workspaceRepository.findById({ workspaceId });

  return { plan: workspace?.plan, quotaLimit: workspace?.quotaLimit, customer: workspace?.stripeCustomerId };
};

describe('payment events and workspaces', () => {
  test('a team workspace pays for itself: checkout metadata names it, later events find it by customer; the owner personal plan is untouched', async () => {
    const { app } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
    const owner = await createUser({
      config: testCoreConfig,
      input: { email: `payer-${randomBytes(4).toString('hex')}@example.com` },
    });
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.id, name: 'Paying team' });
    const customer = stripeId('cus');
    const subscription = stripeId('sub');
    const session = checkoutSession({ userId: team.id, plan: 'PRO', customer, subscription });
    // What our checkout sends for a team workspace: its id as workspaceId, no userId.
    await sendOk(
      app,
      stripeEvent('checkout.session.completed', {
        ...session,
        metadata: { workspaceId: team.id, plan: 'PRO' },
        client_reference_id: team.id,
      }),
    );
    expect(await planOf(team.id)).toEqual({
      plan: 'PRO',
      quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
      customer,
    });
    expect(await planOf(owner.id)).toEqual({
      plan: 'FREE',
      quotaLimit: testCoreConfig.plans.FREE.monthlySubmissions,
      customer: null,
    });

    // A subscription event without metadata finds the workspace through its customer.
    await sendOk(
      app,
      stripeEvent(
        'customer.subscription.deleted',
        {
          ...subscriptionObject({ id: subscription, customer, status: 'canceled', plan: 'PRO' }),
          metadata: {},
        },
        { created: Math.floor(Date.now() / 1000) + 60 },
      ),
    );
    expect(await planOf(team.id)).toMatchObject({ plan: 'FREE' });
    expect(await subscriptionRepository.findByProviderId({ providerId: subscription })).toMatchObject({
      userId: team.id,
      status: 'CANCELED',
    });
  });
});
