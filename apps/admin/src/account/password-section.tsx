import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorAlert, TextField } from '../components/ui';
import { NewPasswordField } from './new-password-field';
import { useTRPC } from '../lib/trpc';

/** Password change: needs the current one; every other session ends, this one stays. */
export function PasswordSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: async () => {
        setCurrentPassword('');
        setNewPassword('');
        await queryClient.invalidateQueries(trpc.account.sessions.queryFilter());
      },
    }),
  );

  return (
    <section className="card">
      <h2>Password</h2>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ currentPassword, newPassword });
        }}
      >
        <TextField
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <NewPasswordField
          value={newPassword}
          onChange={setNewPassword}
          hint="At least 8 characters. Every other session of your account ends."
        />
        {change.error ? <ErrorAlert error={change.error} /> : null}
        {change.isSuccess ? (
          <div className="alert ok" role="status">
            Password changed; {change.data.otherSessionsEnded} other session
            {change.data.otherSessionsEnded === 1 ? '' : 's'} ended.
          </div>
        ) : null}
        <button type="submit" className="primary" disabled={change.isPending}>
          Change password
        </button>
      </form>
    </section>
  );
}
