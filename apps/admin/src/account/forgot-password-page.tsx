import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { ErrorAlert, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { PublicCard } from './public-card';

/** "Forgot my password": asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());

  return (
    <PublicCard title="Reset your password">
      {request.isSuccess ? (
        <div className="alert ok" role="status">
          If an account uses {request.data.email}, a link to choose a new password is on its way. It works
          once, for 30 minutes.
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ email });
          }}
        >
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {request.error ? <ErrorAlert error={request.error} /> : null}
          <button type="submit" className="primary" disabled={request.isPending}>
            Email me a link
          </button>
        </form>
      )}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </PublicCard>
  );
}
