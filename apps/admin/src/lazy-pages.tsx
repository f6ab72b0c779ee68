import { lazy, Suspense, type ReactNode } from 'react';

import { Loading } from './components/ui';

/**
 * Each page is its own chunk, fetched on first visit, so the first load carries only the shell and
 * the page asked for (the charts library, the largest part, comes only with a form's analytics).
 */
export const AuthPage = lazy(() => import('./pages/auth-page').then((m) => ({ default: m.AuthPage })));
export const FormsListPage = lazy(() =>
  import('./pages/forms-list').then((m) => ({ default: m.FormsListPage })),
);
export const FormEditorPage = lazy(() =>
  import('./pages/form-editor').then((m) => ({ default: m.FormEditorPage })),
);
export const FormDetailPage = lazy(() =>
  import('./pages/form-detail').then((m) => ({ default: m.FormDetailPage })),
);
export const ApiKeysPage = lazy(() => import('./pages/api-keys').then((m) => ({ default: m.ApiKeysPage })));
export const InboundEventsPage = lazy(() =>
  import('./pages/inbound-events').then((m) => ({ default: m.InboundEventsPage })),
);
export const MailListPage = lazy(() =>
  import('./mail/mail-list-page').then((m) => ({ default: m.MailListPage })),
);
export const MailDetailPage = lazy(() =>
  import('./mail/mail-detail-page').then((m) => ({ default: m.MailDetailPage })),
);
export const BillingPage = lazy(() => import('./pages/billing').then((m) => ({ default: m.BillingPage })));
export const StaffUsersPage = lazy(() =>
  import('./pages/staff-users').then((m) => ({ default: m.StaffUsersPage })),
);
export const WorkspacePage = lazy(() =>
  import('./workspace/workspace-page').then((m) => ({ default: m.WorkspacePage })),
);
export const AcceptInvitationPage = lazy(() =>
  import('./workspace/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })),
);
export const AccountPage = lazy(() =>
  import('./account/account-page').then((m) => ({ default: m.AccountPage })),
);
export const SubmitterDataPage = lazy(() =>
  import('./account/submitter-data-page').then((m) => ({ default: m.SubmitterDataPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('./account/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./account/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('./account/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
export const ConfirmRecipientPage = lazy(() =>
  import('./account/recipient-link-pages').then((m) => ({ default: m.ConfirmRecipientPage })),
);
export const UnsubscribeRecipientPage = lazy(() =>
  import('./account/recipient-link-pages').then((m) => ({ default: m.UnsubscribeRecipientPage })),
);
export const NotFoundPage = lazy(() =>
  import('./pages/not-found').then((m) => ({ default: m.NotFoundPage })),
);

/** What shows while a page's chunk is on its way. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading what="the page" />}>{children}</Suspense>;
}
