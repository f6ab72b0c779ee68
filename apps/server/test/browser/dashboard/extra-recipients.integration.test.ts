import { listNotificationRecipients, unsubscribeToken } from '@formwell/core';
import mongoose from 'mongoose';
import { beforeAll, expect, test } from 'vitest';

import { buildDashboardForTest, checkPage } from './dashboard-pages.js';
import { openProOwnerEditor } from './pro-owner-editor.js';

const OWNER = 'recipients-owner@example.com';
const OUTSIDER = 'partner@example.org';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

/** The token of the latest confirmation link waiting in the mail to `to` (no worker runs here). */
async function confirmationToken(to: string): Promise<string> {
  const stored = await mongoose.connection
    .collection<{ text: string }>('account_emails')
    .findOne({ to, kind: 'notification.recipient-confirm' }, { sort: { _id: -1 } });
  const token = /\/notifications\/confirm#token=([\w-]+)/.exec(stored?.text ?? '')?.[1];
  if (!token) {
    throw new Error(`no confirmation link mailed to ${to}`);
  }

  return token;
}

test(
  'an admin adds an outside address on the form page; the address confirms and unsubscribes without a session, by a click, never on load',
  { timeout: 300_000 },
  async () => {
    const {
      address,
      userId,
      formId,
      browser,
      page: owner,
    } = await openProOwnerEditor({
      dashboardDir,
      email: OWNER,
      form: {
        name: 'Partner leads',
        formType: 'contact',
        emailSettings: { developerNotificationsEnabled: true },
      },
    });
    try {
      await owner.getByText('No other addresses.').waitFor();
      await owner.getByLabel('Add an address').fill(OUTSIDER);
      // Enter adds the address (it does not save the form around it).
      await owner.getByLabel('Add an address').press('Enter');
      await owner.getByText(`Confirmation link sent to ${OUTSIDER}.`).waitFor();
      await owner.getByRole('cell', { name: OUTSIDER, exact: true }).waitFor();
      await owner.getByText(/Waiting for confirmation/).waitFor();
      await owner.getByRole('button', { name: `Send the link again to ${OUTSIDER}` }).click();
      await owner.getByText(`A new link was sent to ${OUTSIDER}.`).waitFor();
      await checkPage(owner, 'form-extra-recipients');

      const stored = async () =>
        (await listNotificationRecipients({ workspaceId: userId, formId: formId })).recipients;

      // The person outside opens the latest link in a browser of their own: no session. Loading the
      // page (as a mail scanner that runs scripts does) changes nothing; the button does.
      const outsider = await (await browser.newContext()).newPage();
      outsider.setDefaultTimeout(0);
      await outsider.goto(`${address}/notifications/confirm#token=${await confirmationToken(OUTSIDER)}`);
      const confirmButton = outsider.getByRole('button', { name: 'Confirm', exact: true });
      await confirmButton.waitFor();
      await outsider.waitForLoadState('networkidle');
      expect((await stored()).map((recipient) => recipient.status)).toEqual(['pending']);
      await confirmButton.click();
      await outsider.getByText(`${OUTSIDER} now gets an email for each submission`).waitFor();
      await checkPage(outsider, 'recipient-confirmed');
      await owner.reload();
      await owner.getByText(/^Confirmed /).waitFor();

      const [recipient] = await stored();
      expect(recipient?.status).toBe('confirmed');
      await outsider.goto(
        `${address}/notifications/unsubscribe#token=${await unsubscribeToken(recipient?.id ?? '')}`,
      );
      const unsubscribeButton = outsider.getByRole('button', { name: 'Unsubscribe', exact: true });
      await unsubscribeButton.waitFor();
      await outsider.waitForLoadState('networkidle');
      expect((await stored()).map((entry) => entry.status)).toEqual(['confirmed']);
      await unsubscribeButton.click();
      await outsider.getByText('You are unsubscribed').waitFor();
      await owner.reload();
      await owner.getByText('No other addresses.').waitFor();
      // A link that is not genuine says so once clicked (a new tab, as a link from a mail opens).
      const forged = await outsider.context().newPage();
      forged.setDefaultTimeout(0);
      await forged.goto(`${address}/notifications/unsubscribe#token=forged.token`);
      await forged.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
      await forged.getByText('This link is invalid, used or expired').waitFor();
    } finally {
      await browser.close();
    }

    expect((await listNotificationRecipients({ workspaceId: userId, formId: formId })).recipients).toEqual(
      [],
    );
  },
);
