import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

import { ErrorAlert, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { linkTokenFromLocation } from './link-token';
import { PublicCard } from './public-card';

/** The page a verification link opens: confirms the address at once (no session needed). */
export function VerifyEmailPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }),
  );
  // Once per page load: the link works once, and a second call would answer "used".
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      verify.mutate({ token: linkTokenFromLocation(hash) });
    }
  }, [hash, verify]);

  return (
    <PublicCard title="Confirm your email address">
      {verify.isPending || verify.isIdle ? <Loading what="the confirmation" /> : null}
      {verify.isSuccess ? (
        <div className="alert ok" role="status">
          {verify.data.email} is confirmed: mail for your account goes there from now on.
        </div>
      ) : null}
      {verify.error ? <ErrorAlert error={verify.error} /> : null}
      <p>
        <Link to="/forms">Go to the dashboard</Link>
      </p>
    </PublicCard>
  );
}
