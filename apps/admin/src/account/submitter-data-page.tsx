import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { ConfirmButton, Empty, ErrorAlert, formatDate, Loading, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/**
 * One submitter's data across this workspace's forms: find it by their email, then erase it (as a
 * delete by hand: counts and analytics follow, and the mail log entries to that address go too).
 */
export function SubmitterDataPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const found = useQuery({
    ...trpc.dataRights.findSubmitter.queryOptions({ email: email ?? '' }),
    enabled: email !== null,
  });
  const erase = useMutation(
    trpc.dataRights.eraseSubmitter.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.dataRights.findSubmitter.queryFilter()),
    }),
  );

  return (
    <>
      <h1>Submitter data</h1>
      <section className="card">
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            erase.reset();
            setEmail(typed.trim());
          }}
        >
          <TextField
            label="Submitter's email"
            type="email"
            required
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            hint="Finds the submissions whose submitter email is this address, in every form of this workspace."
          />
          <button type="submit" className="primary">
            Find
          </button>
        </form>
      </section>
      {email !== null ? (
        <section className="card">
          <h2>Submissions from {email}</h2>
          {found.isPending ? <Loading what="the submissions" /> : null}
          {found.error ? <ErrorAlert error={found.error} /> : null}
          {found.isSuccess && found.data.submissions.length === 0 ? (
            <Empty>No submissions found.</Empty>
          ) : null}
          {found.isSuccess && found.data.submissions.length > 0 ? (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Received</th>
                      <th>Form</th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.data.submissions.map((submission) => (
                      <tr key={submission.id}>
                        <td>{formatDate(submission.createdAt)}</td>
                        <td>
                          <Link to={`/forms/${submission.formId}`}>{submission.formId}</Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ConfirmButton
                label="Erase this submitter's data"
                title="Erase this submitter's data?"
                message={
                  <p>
                    {found.data.submissions.length} submission(s) from {email}, and the mail sent to that
                    address, are deleted for good.
                  </p>
                }
                confirmLabel="Erase for good"
                pending={erase.isPending}
                onConfirm={() => erase.mutate({ email })}
              />
            </>
          ) : null}
          {erase.isSuccess ? (
            <div className="alert ok" role="status">
              Erased {erase.data.submissionsDeleted} submission(s) and {erase.data.emailsDeleted} mail log
              entr{erase.data.emailsDeleted === 1 ? 'y' : 'ies'}.
            </div>
          ) : null}
          {erase.error ? <ErrorAlert error={erase.error} /> : null}
        </section>
      ) : null}
    </>
  );
}
