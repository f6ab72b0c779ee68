import { useQuery } from '@tanstack/react-query';

import { ErrorAlert, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { DataRightsSection } from './data-rights-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

/** The signed-in person's own account: password, sessions, export and deletion. */
export function AccountPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());

  return (
    <>
      <h1>Account</h1>
      {me.isPending ? <Loading what="your account" /> : null}
      {me.error ? <ErrorAlert error={me.error} /> : null}
      {me.isSuccess ? (
        <p>
          {me.data.email} · {me.data.emailVerified ? 'address confirmed' : 'address not confirmed yet'}
        </p>
      ) : null}
      <PasswordSection />
      <SessionsSection />
      {me.isSuccess ? <DataRightsSection email={me.data.email} /> : null}
    </>
  );
}
