import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { ErrorAlert } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { linkTokenFromLocation } from './link-token';
import { PublicCard } from './public-card';

/**
 * One public link page: it says what the button will do and acts only when the person clicks it.
 * Opening the page does nothing, because mail scanners open every link of a message (some run
 * its scripts too): acting on load would confirm or unsubscribe addresses nobody asked for.
 */
function ActOnClick({
  title,
  explanation,
  action,
  mutation,
  done,
}: {
  title: string;
  explanation: ReactNode;
  action: string;
  mutation: {
    mutate: (input: { token: string }) => void;
    isPending: boolean;
    isSuccess: boolean;
    error: unknown;
  };
  done: ReactNode;
}) {
  const { hash } = useLocation();

  return (
    <PublicCard title={title}>
      {mutation.isSuccess ? (
        <div className="alert ok" role="status">
          {done}
        </div>
      ) : (
        <>
          <p>{explanation}</p>
          <button
            type="button"
            className="primary"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate({ token: linkTokenFromLocation(hash) })}
          >
            {action}
          </button>
        </>
      )}
      {mutation.error ? <ErrorAlert error={mutation.error} /> : null}
    </PublicCard>
  );
}

/** The page an extra recipient's confirmation link opens (no session: the person is outside the workspace). */
export function ConfirmRecipientPage() {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.recipients.confirm.mutationOptions());

  return (
    <ActOnClick
      title="Confirm the notifications"
      explanation="Confirm that this address should get an email for each submission to the form named in the email you received. Every one of them has a link to stop them."
      action="Confirm"
      mutation={confirm}
      done={
        confirm.data ? (
          <>
            {confirm.data.email} now gets an email for each submission to the form &quot;
            {confirm.data.formName}
            &quot;. Every one of them has a link to stop them.
          </>
        ) : null
      }
    />
  );
}

/** The page a notification's unsubscribe link opens: no session, one button. */
export function UnsubscribeRecipientPage() {
  const trpc = useTRPC();
  const unsubscribe = useMutation(trpc.recipients.unsubscribe.mutationOptions());

  return (
    <ActOnClick
      title="Unsubscribe"
      explanation="Stop the emails this address gets for each submission to the form named in the notification."
      action="Unsubscribe"
      mutation={unsubscribe}
      done="You are unsubscribed: this address gets no more notifications of this form."
    />
  );
}
