import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';

import { VerifyEmailBanner } from '../account/verify-email-banner';
import { PageSuspense } from '../lazy-pages';
import { isUnauthorized, useTRPC } from '../lib/trpc';
import { useWorkspacePlan } from '../workspace/use-workspace-plan';
import { WorkspaceSwitcher } from '../workspace/workspace-switcher';
import { ErrorAlert, Loading } from './ui';

/** The signed-in frame: top bar with navigation and log-out; sends visitors without a session to log in. */
export function AppShell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useQuery(trpc.auth.me.queryOptions());
  // The current workspace's plan, not the account's: a team member works under the team's.
  const { plan } = useWorkspacePlan();
  const logOut = useMutation(
    trpc.auth.logOut.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        void navigate('/login');
      },
    }),
  );
  // Each page names itself in the tab title through its h1.
  useEffect(() => {
    const heading = document.querySelector('main h1')?.textContent;
    document.title = heading ? `${heading} · Formwell` : 'Formwell dashboard';
  });

  if (me.isPending) {
    return <Loading what="your account" />;
  }
  if (me.isError) {
    return isUnauthorized(me.error) ? (
      <Navigate to="/login" replace state={{ from: location.pathname }} />
    ) : (
      <main>
        <ErrorAlert error={me.error} />
      </main>
    );
  }

  return (
    <div className="shell">
      <header className="topbar">
        <Link className="brand" to="/">
          Formwell
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <NavLink to="/forms">Forms</NavLink>
            </li>
            <li>
              <NavLink to="/api-keys">API keys</NavLink>
            </li>
            <li>
              <NavLink to="/inbound">Inbound</NavLink>
            </li>
            <li>
              <NavLink to="/mail">Mail</NavLink>
            </li>
            <li>
              <NavLink to="/billing">Billing</NavLink>
            </li>
            <li>
              <NavLink to="/workspace">Members</NavLink>
            </li>
            <li>
              <NavLink to="/submitter-data">Submitter data</NavLink>
            </li>
            <li>
              <NavLink to="/account">Account</NavLink>
            </li>
            {me.data.role === 'ADMIN' ? (
              <li>
                <NavLink to="/staff/users">Users</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <WorkspaceSwitcher />
        <span className="hint">
          {me.data.email} · {plan ?? '…'}
        </span>
        <button type="button" onClick={() => logOut.mutate()} disabled={logOut.isPending}>
          Log out
        </button>
      </header>
      <main>
        {me.data.emailVerified ? null : <VerifyEmailBanner email={me.data.email} />}
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </main>
    </div>
  );
}
