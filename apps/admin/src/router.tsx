import { createBrowserRouter, Navigate } from 'react-router';

import { AppShell } from './components/layout';
import {
  AccountPage,
  ApiKeysPage,
  AuthPage,
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
  SubmitterDataPage,
  VerifyEmailPage,
} from './lazy-pages';

/** The pages an emailed link or a signed-out visitor opens: no session needed. */
const publicPages = [
  { path: '/forgot-password', page: <ForgotPasswordPage /> },
  { path: '/reset-password', page: <ResetPasswordPage /> },
  { path: '/verify-email', page: <VerifyEmailPage /> },
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
      { path: '/staff/users', element: <StaffUsersPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/submitter-data', element: <SubmitterDataPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
