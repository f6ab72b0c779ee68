import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { ErrorAlert, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/** Log in and sign up share one page: the same two fields, a name on sign-up. */
export function AuthPage({ mode }: { mode: 'logIn' | 'signUp' }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  // Set by the invitation page: where to come back to, and the token a sign-up carries along.
  const state = location.state as { from?: string; invitationToken?: string } | null;
  const onSuccess = async () => {
    await queryClient.invalidateQueries();
    const from = state?.from;
    await navigate(from && from !== '/login' ? from : '/forms');
  };
  const logIn = useMutation(trpc.auth.logIn.mutationOptions({ onSuccess }));
  // Sign-up signs nobody in (its answer is the same for a taken address): the page says where to look.
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const pending = logIn.isPending || signUp.isPending;
  const error = mode === 'logIn' ? logIn.error : signUp.error;
  const title = mode === 'logIn' ? 'Log in' : 'Sign up';

  if (mode === 'signUp' && signUp.isSuccess) {
    return <SignUpSent email={signUp.data.email} returnTo={state} />;
  }

  return (
    <main>
      <div className="card narrow">
        <h1>{title}</h1>
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (mode === 'logIn') logIn.mutate({ email, password });
            else
              signUp.mutate({
                email,
                password,
                ...(name.trim() ? { name: name.trim() } : {}),
                ...(state?.invitationToken ? { invitationToken: state.invitationToken } : {}),
              });
          }}
        >
          {mode === 'signUp' ? (
            <TextField
              label="Name (optional)"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
            />
          ) : null}
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete={mode === 'logIn' ? 'current-password' : 'new-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error ? <ErrorAlert error={error} /> : null}
          <button type="submit" className="primary" disabled={pending}>
            {title}
          </button>
        </form>
        <p>
          {mode === 'logIn' ? (
            <>
              No account yet?{' '}
              <Link to="/signup" state={state}>
                Sign up
              </Link>{' '}
              · <Link to="/forgot-password">Forgot your password?</Link>
            </>
          ) : (
            <>
              Have an account?{' '}
              <Link to="/login" state={state}>
                Log in
              </Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}

/** After sign-up: a link went to the address (or, if it has an account, word of that). */
function SignUpSent({ email, returnTo }: { email: string; returnTo: unknown }) {
  return (
    <main>
      <div className="card narrow">
        <h1>Check your inbox</h1>
        <div className="alert ok" role="status">
          We sent a message to {email}: open its link to confirm the address. Until then, notifications and
          billing mail are held back.
        </div>
        <p>
          {/* The log-in page comes back to where the sign-up was asked from (an invitation, say). */}
          <Link to="/login" state={returnTo}>
            Log in
          </Link>{' '}
          with the address and password you chose.
        </p>
      </div>
    </main>
  );
}
