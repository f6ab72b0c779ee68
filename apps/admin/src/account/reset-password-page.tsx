import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { ErrorAlert } from '../components/ui';
import { NewPasswordField } from './new-password-field';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { linkTokenFromLocation } from './link-token';
import { PublicCard } from './public-card';

/**
 * Said when the reset was the first proof of the address: whoever opened the account with it may
 * have left keys, endpoints, invitations or notification addresses behind, and they are gone (the
 * server's choice).
 */
function ClearedNotice({
  cleared,
}: {
  cleared: NonNullable<RouterOutputs['auth']['resetPassword']['cleared']>;
}) {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

  return (
    <div className="alert" role="status">
      This address had not been confirmed before, so whoever opened the account may not have been you. For
      your safety we removed what could still reach your workspaces: {count(cleared.apiKeys, 'API key')},{' '}
      {count(cleared.webhookEndpoints, 'webhook endpoint or integration')},{' '}
      {count(cleared.invitations, 'pending invitation')} and{' '}
      {count(cleared.notificationRecipients + cleared.developerEmails, 'notification address')}. Forms and
      submissions are kept (their notifications go to you again).
    </div>
  );
}

/** The page a reset link opens: a new password; every session of the account ends with it. */
export function ResetPasswordPage() {
  const trpc = useTRPC();
  const { hash } = useLocation();
  const [password, setPassword] = useState('');
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  return (
    <PublicCard title="Choose a new password">
      {reset.isSuccess ? (
        <>
          <div className="alert ok" role="status">
            Your password is changed, and every session of {reset.data.email} has ended.
          </div>
          {reset.data.cleared && Object.values(reset.data.cleared).some((count) => count > 0) ? (
            <ClearedNotice cleared={reset.data.cleared} />
          ) : null}
          <p>
            <Link to="/login">Log in</Link>
          </p>
        </>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            reset.mutate({ token: linkTokenFromLocation(hash), password });
          }}
        >
          <NewPasswordField value={password} onChange={setPassword} />
          {reset.error ? <ErrorAlert error={reset.error} /> : null}
          <button type="submit" className="primary" disabled={reset.isPending}>
            Set the new password
          </button>
          <p className="hint">
            Link used or expired? <Link to="/forgot-password">Ask for a new one</Link>.
          </p>
        </form>
      )}
    </PublicCard>
  );
}
