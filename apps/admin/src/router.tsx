import { createBrowserRouter, Navigate } from 'react-router';

import { AppShell } from './components/layout';
import {
  AcceptInvitationPage,
  AccountPage,
  ApiKeysPage,
  AuthPage,
  ConfirmRecipientPage,
  BillingPage,
  FormDetailPage,
  FormEditorPage,
  FormsListPage,
  ForgotPasswordPage,
  InboundEventsPage,
  MailDetailPage,
  MailListPage,
  NotFoundPage,
  PageSuspense,
  ResetPasswordPage,
  StaffUsersPage,
  WorkspacePage,
  SubmitterDataPage,
  UnsubscribeRecipientPage,
  VerifyEmailPage,
} from './lazy-pages';

/** The pages an emailed link or a signed-out visitor opens: no session needed. */
const publicPages = [
  { path: '/forgot-password', page: <ForgotPasswordPage /> },
  { path: '/reset-password', page: <ResetPasswordPage /> },
  { path: '/verify-email', page: <VerifyEmailPage /> },
  // Opened by people outside the workspace: a form's extra notification recipients.
  { path: '/notifications/confirm', page: <ConfirmRecipientPage /> },
  { path: '/notifications/unsubscribe', page: <UnsubscribeRecipientPage /> },
].map(({ path, page }) => ({ path, element: <PageSuspense>{page}</PageSuspense> }));

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <PageSuspense>
        <AuthPage mode="logIn" />
      </PageSuspense>
    ),
  },
  {
    path: '/signup',
    element: (
      <PageSuspense>
        <AuthPage mode="signUp" />
      </PageSuspense>
    ),
  },
  ...publicPages,
  {
    // Outside the signed-in frame: the invitee may have no session yet.
    path: '/invitations/accept',
    element: (
      <PageSuspense>
        <AcceptInvitationPage />
      </PageSuspense>
    ),
  },
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Navigate to="/forms" replace /> },
      { path: '/forms', element: <FormsListPage /> },
      { path: '/forms/new', element: <FormEditorPage /> },
      { path: '/forms/:formId', element: <FormDetailPage /> },
      { path: '/forms/:formId/edit', element: <FormEditorPage /> },
      { path: '/api-keys', element: <ApiKeysPage /> },
      { path: '/inbound', element: <InboundEventsPage /> },
      { path: '/mail', element: <MailListPage /> },
      { path: '/mail/:emailId', element: <MailDetailPage /> },
      { path: '/billing', element: <BillingPage /> },
      { path: '/workspace', element: <WorkspacePage /> },
      { path: '/staff/users', element: <StaffUsersPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/submitter-data', element: <SubmitterDataPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
