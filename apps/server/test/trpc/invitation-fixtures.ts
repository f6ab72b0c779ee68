import { createUser } from '@formwell/core';
import mongoose from 'mongoose';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient } from './dashboard-client.js';

export const PASSWORD = 'correct horse battery';

/** A new account with a verified address (made as the CLI makes one), logged in to the dashboard. */
export async function loggedIn(address: string, label: string) {
  const session = dashboardClient(address);
  const email = uniqueEmail(label);
  await createUser({ config: testCoreConfig, input: { email, password: PASSWORD } });
  const { user } = await session.client.auth.logIn.mutate({ email, password: PASSWORD });

  return { ...session, user, email };
}

/** The tokens of the invitation emails stored for the worker (no worker runs here), oldest first. */
export async function invitationTokensSentTo(email: string): Promise<string[]> {
  const stored = await mongoose.connection
    .collection('account_emails')
    .find({ to: email, kind: 'account.invitation' })
    .sort({ createdAt: 1 })
    .toArray();

  return stored.map((message) => {
    const token = /\/invitations\/accept#token=([^\s&"<]+)/.exec(String(message.text))?.[1];
    if (!token) {
      throw new Error(`an invitation email to ${email} holds no link`);
    }

    return decodeURIComponent(token);
  });
}
