import { createBrowserRouter, Navigate } from 'react-router';

import { AppShell } from './components/layout';
import {
  AcceptInvitationPage,
  ApiKeysPage,
  AuthPage,
  BillingPage,
  FormDetailPage,
  FormEditorPage,
  FormsListPage,
  InboundEventsPage,
  MailDetailPage,
  MailListPage,
  NotFoundPage,
  PageSuspense,
  StaffUsersPage,
  WorkspacePage,
} from './lazy-pages';

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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
