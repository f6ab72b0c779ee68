import { createBrowserRouter, Navigate } from 'react-router';

import { AppShell } from './components/layout';
import { ApiKeysPage } from './pages/api-keys';
import { AuthPage } from './pages/auth-page';
import { BillingPage } from './pages/billing';
import { FormDetailPage } from './pages/form-detail';
import { FormEditorPage } from './pages/form-editor';
import { FormsListPage } from './pages/forms-list';
import { InboundEventsPage } from './pages/inbound-events';
import { NotFoundPage } from './pages/not-found';
import { StaffUsersPage } from './pages/staff-users';

export const router = createBrowserRouter([
  { path: '/login', element: <AuthPage mode="logIn" /> },
  { path: '/signup', element: <AuthPage mode="signUp" /> },
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
      { path: '/billing', element: <BillingPage /> },
      { path: '/staff/users', element: <StaffUsersPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
