import { AccountEmailModel, AccountTokenModel, DashboardSessionModel, UserModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { verifySession } from '../sessions/verify-session.js';
import { logIn } from '../users/log-in.js';
import { signUp } from '../users/sign-up.js';
import { changePassword } from './change-password.js';
import { endOtherSessions, listOwnSessions } from './own-sessions.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { resendVerificationEmail } from './send-verification-email.js';
import { verifyEmail } from './verify-email.js';

useTestDatabase('core_account');

const NO_QUEUE = { producer: null };
const PASSWORD = 'correct horse';

/** The token of the newest stored link of `kind` to `to` (the text carries the link). */
async function linkToken(
  to: string,
  kind: 'account.verify-email' | 'account.password-reset',
): Promise<string> {
  const [mail] = await AccountEmailModel.find({ to, kind })
    .sort({ _id: -1 })
    .limit(1)
    .lean<{ text: string }[]>();
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) {
    throw new Error(`no ${kind} link to ${to}`);
  }

  return token;
}

async function signedUp() {
  const email = testEmail();
  await signUp({ config: testConfig, mail: NO_QUEUE, input: { email, password: PASSWORD } });

  return email;
}

describe('address verification', () => {
  test('the link verifies once; tokens are stored hashed; an expired one is refused', async () => {
    const email = await signedUp();
    const token = await linkToken(email, 'account.verify-email');
    expect(JSON.stringify(await AccountTokenModel.find({ email }).lean())).not.toContain(token);

    expect(await verifyEmail({ token })).toEqual({ email, emailVerified: true });
    expect((await UserModel.findOne({ email }).lean())?.emailVerifiedAt).toBeInstanceOf(Date);
    const replay = await appErrorOf(verifyEmail({ token }));
    expect([replay.httpStatus, replay.message]).toEqual([400, 'This link is invalid, used or expired']);

    const other = await signedUp();
    const late = await linkToken(other, 'account.verify-email');
    const tooLate = await appErrorOf(verifyEmail({ token: late, now: new Date(Date.now() + 25 * 3600_000) }));
    expect(tooLate.httpStatus).toBe(400);
  });

  test('resend: a new link while unverified, nothing once verified', async () => {
    const email = await signedUp();
    const { user } = await logIn({ email, password: PASSWORD });
    expect(await resendVerificationEmail({ config: testConfig, mail: NO_QUEUE, userId: user.id })).toEqual({
      sent: true,
    });
    expect(await AccountEmailModel.countDocuments({ to: email, kind: 'account.verify-email' })).toBe(2);
    await verifyEmail({ token: await linkToken(email, 'account.verify-email') });
    expect(await resendVerificationEmail({ config: testConfig, mail: NO_QUEUE, userId: user.id })).toEqual({
      sent: false,
    });
  });
});

describe('password reset', () => {
  test('same answer for unknown addresses; the link works once, ends every session, voids older links', async () => {
    const email = await signedUp();
    const session = (await logIn({ email, password: PASSWORD })).session;
    const unknown = testEmail();
    expect(await requestPasswordReset({ config: testConfig, mail: NO_QUEUE, email: unknown })).toEqual({
      status: 'check_inbox',
      email: unknown,
    });
    expect(await AccountEmailModel.countDocuments({ to: unknown })).toBe(0);

    expect(
      await requestPasswordReset({ config: testConfig, mail: NO_QUEUE, email: email.toUpperCase() }),
    ).toEqual({
      status: 'check_inbox',
      email,
    });
    const older = await linkToken(email, 'account.password-reset');
    await requestPasswordReset({ config: testConfig, mail: NO_QUEUE, email });
    const newer = await linkToken(email, 'account.password-reset');

    // Too short: refused before the link is used up.
    expect((await appErrorOf(resetPassword({ token: newer, password: 'short' }))).httpStatus).toBe(400);
    expect(await resetPassword({ token: newer, password: 'new horse battery' })).toEqual({
      email,
      // First proof of the address: nothing was there to clear.
      cleared: {
        apiKeys: 0,
        webhookEndpoints: 0,
        invitations: 0,
        notificationRecipients: 0,
        developerEmails: 0,
      },
    });
    expect((await appErrorOf(verifySession({ token: session.token }))).httpStatus).toBe(401);
    expect((await appErrorOf(resetPassword({ token: newer, password: 'another one!' }))).message).toBe(
      'This link is invalid, used or expired',
    );
    expect((await appErrorOf(resetPassword({ token: older, password: 'another one!' }))).httpStatus).toBe(
      400,
    );
    expect((await logIn({ email, password: 'new horse battery' })).user.emailVerified).toBe(true);
    expect((await appErrorOf(logIn({ email, password: PASSWORD }))).httpStatus).toBe(401);
  });

  test('a link older than 30 minutes is refused', async () => {
    const email = await signedUp();
    await requestPasswordReset({ config: testConfig, mail: NO_QUEUE, email });
    const token = await linkToken(email, 'account.password-reset');
    const late = new Date(Date.now() + 31 * 60_000);
    expect(
      (await appErrorOf(resetPassword({ token, password: 'new horse battery', now: late }))).httpStatus,
    ).toBe(400);
  });
});

describe('password change and sessions', () => {
  test('needs the current password; ends every other session and pending reset links', async () => {
    const email = await signedUp();
    const here = await logIn({ email, password: PASSWORD }, { userAgent: 'Here/1' });
    const there = await logIn({ email, password: PASSWORD }, { userAgent: 'There/2' });
    const hereId = (await verifySession({ token: here.session.token })).sessionId;
    await requestPasswordReset({ config: testConfig, mail: NO_QUEUE, email });
    const reset = await linkToken(email, 'account.password-reset');

    const wrong = await appErrorOf(
      changePassword({
        userId: here.user.id,
        sessionId: hereId,
        currentPassword: 'nope',
        newPassword: 'new horse 1',
      }),
    );
    expect([wrong.httpStatus, wrong.message]).toEqual([403, 'The current password is not correct']);
    expect(
      await changePassword({
        userId: here.user.id,
        sessionId: hereId,
        currentPassword: PASSWORD,
        newPassword: 'new horse 1',
      }),
    ).toEqual({ otherSessionsEnded: 1 });
    expect((await verifySession({ token: here.session.token })).user.email).toBe(email);
    expect((await appErrorOf(verifySession({ token: there.session.token }))).httpStatus).toBe(401);
    expect((await appErrorOf(resetPassword({ token: reset, password: 'x'.repeat(12) }))).httpStatus).toBe(
      400,
    );
  });

  test('own sessions listed newest first with the current one marked; sign out everywhere else', async () => {
    const email = await signedUp();
    const first = await logIn({ email, password: PASSWORD }, { userAgent: 'First/1' });
    const second = await logIn({ email, password: PASSWORD }, { userAgent: 'Second/2' });
    const secondId = (await verifySession({ token: second.session.token })).sessionId;
    const stranger = await signedUp();
    await logIn({ email: stranger, password: PASSWORD });

    const listed = await listOwnSessions({ userId: first.user.id, currentSessionId: secondId });
    expect(listed.map(({ userAgent, current }) => ({ userAgent, current }))).toEqual([
      { userAgent: 'Second/2', current: true },
      { userAgent: 'First/1', current: false },
    ]);
    expect(await endOtherSessions({ userId: first.user.id, currentSessionId: secondId })).toEqual({
      ended: 1,
    });
    expect(await DashboardSessionModel.countDocuments({ userId: first.user.id })).toBe(1);
    expect((await appErrorOf(verifySession({ token: first.session.token }))).httpStatus).toBe(401);
  });
});
