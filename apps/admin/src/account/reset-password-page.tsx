import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { ErrorAlert } from '../components/ui';
import { NewPasswordField } from './new-password-field';
import { useTRPC } from '../lib/trpc';
import { linkTokenFromLocation } from './link-token';
import { PublicCard } from './public-card';

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
