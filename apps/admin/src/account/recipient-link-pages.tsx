import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { ErrorAlert, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { linkTokenFromLocation } from './link-token';
import { PublicCard } from './public-card';

/** Calls `use` once per page load with the link's token (a second call would answer "used"). */
function useOnceWithToken(act: (token: string) => void) {
  const { hash } = useLocation();
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      act(linkTokenFromLocation(hash));
    }
  }, [hash, act]);
}

/**
 * The page an extra recipient's confirmation link opens (no session: the person is outside the
 * workspace). It confirms at once: opening the link is the consent the email asked for.
 */
export function ConfirmRecipientPage() {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.recipients.confirm.mutationOptions());
  useOnceWithToken((token) => confirm.mutate({ token }));

  return (
    <PublicCard title="Confirm the notifications">
      {confirm.isPending || confirm.isIdle ? <Loading what="the confirmation" /> : null}
      {confirm.isSuccess ? (
        <div className="alert ok" role="status">
          {confirm.data.email} now gets an email for each submission to the form &quot;{confirm.data.formName}
          &quot;. Every one of them has a link to stop them.
        </div>
      ) : null}
      {confirm.error ? <ErrorAlert error={confirm.error} /> : null}
    </PublicCard>
  );
}

/** The page a notification's unsubscribe link opens: one click, no session, no question asked. */
export function UnsubscribeRecipientPage() {
  const trpc = useTRPC();
  const unsubscribe = useMutation(trpc.recipients.unsubscribe.mutationOptions());
  useOnceWithToken((token) => unsubscribe.mutate({ token }));

  return (
    <PublicCard title="Unsubscribe">
      {unsubscribe.isPending || unsubscribe.isIdle ? <Loading what="your request" /> : null}
      {unsubscribe.isSuccess ? (
        <div className="alert ok" role="status">
          You are unsubscribed: this address gets no more notifications of this form.
        </div>
      ) : null}
      {unsubscribe.error ? <ErrorAlert error={unsubscribe.error} /> : null}
    </PublicCard>
  );
}
