import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { linkTokenFromLocation } from '../account/link-token';

import { ErrorAlert, Loading } from '../components/ui';
import { isUnauthorized, useTRPC } from '../lib/trpc';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * Where an invitation email's link leads (`/invitations/accept#token=…`). A signed-in user joins
 * with one click; a visitor logs in or signs up first (the sign-up carries the token, which
 * `SIGNUP=invite` asks for) and comes back here. The token itself is checked by the server only.
 */
export function AcceptInvitationPage() {
  const token = useInvitationToken();
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());

  return (
    <main>
      <div className="card narrow stack">
        <h1>Join a workspace</h1>
        {token === '' ? (
          <div className="alert error" role="alert">
            This link has no invitation in it: open the link of the email again.
          </div>
        ) : me.isPending ? (
          <Loading what="your account" />
        ) : me.isError && isUnauthorized(me.error) ? (
          <SignInFirst token={token} />
        ) : me.isError ? (
          <ErrorAlert error={me.error} />
        ) : (
          <JoinButton token={token} email={me.data.email} />
        )}
      </div>
    </main>
  );
}

/**
 * The link's token, from the fragment. Links mailed before it moved there carry it as `?token=`:
 * read, then moved into the fragment at once, so it leaves the address bar's query and is in no
 * Referer this page sends and no request a reload makes.
 */
function useInvitationToken(): string {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const legacy = new URLSearchParams(search).get('token') ?? '';
  const token = linkTokenFromLocation(hash) || legacy;
  useEffect(() => {
    if (legacy !== '') {
      void navigate({ pathname, search: '', hash: `token=${encodeURIComponent(legacy)}` }, { replace: true });
    }
  }, [legacy, navigate, pathname]);

  return token;
}

function SignInFirst({ token }: { token: string }) {
  const location = useLocation();
  const back = { from: `${location.pathname}${location.hash}`, invitationToken: token };

  return (
    <>
      <p>Log in, or sign up, with the email address the invitation was sent to; you then come back here.</p>
      <div className="row">
        <Link className="button primary" to="/login" state={back}>
          Log in
        </Link>
        <Link className="button" to="/signup" state={back}>
          Sign up
        </Link>
      </div>
    </>
  );
}

function JoinButton({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const switchTo = useSwitchWorkspace();
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: ({ workspaceId }) => switchTo.mutate({ workspaceId }),
    }),
  );
  const error = accept.error ?? switchTo.error;

  return (
    <>
      <p>Signed in as {email}.</p>
      {error ? <ErrorAlert error={error} /> : null}
      <div>
        <button
          type="button"
          className="primary"
          disabled={accept.isPending || switchTo.isPending || accept.isSuccess}
          onClick={() => accept.mutate({ token })}
        >
          Join the workspace
        </button>
      </div>
    </>
  );
}
