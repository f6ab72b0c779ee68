import { useMutation } from '@tanstack/react-query';

import { ErrorAlert } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/**
 * Shown on every page until the address is confirmed: mail for the account holder (notifications,
 * billing, "endpoint disabled") is held back until then.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());

  return (
    <div className="alert" role="region" aria-label="Email verification">
      <p>
        Confirm your email address: open the link we sent to <strong>{email}</strong>. Until then,
        notifications and billing mail for your account are held back.
      </p>
      <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Send the link again
      </button>
      <span role="status" className="hint">
        {resend.isSuccess
          ? resend.data.sent
            ? ' A new link is on its way (valid 24 hours).'
            : ' Already confirmed.'
          : ''}
      </span>
      {resend.error ? <ErrorAlert error={resend.error} /> : null}
    </div>
  );
}
