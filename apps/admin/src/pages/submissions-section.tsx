import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, Empty, ErrorAlert, formatDate, Loading, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { Can } from '../workspace/workspace-rights';
import { filesOf, SubmissionFiles } from './submission-files';

type TForm = TFormRead;
type TSubmission = RouterOutputs['submissions']['list']['submissions'][number];
type TFilters = { email: string; startDate: string; endDate: string };
type TFolder = 'inbox' | 'spam';

const PAGE_SIZE = 20;
const NO_FILTERS: TFilters = { email: '', startDate: '', endDate: '' };

/** Only the filters that are set, as the list procedure and the CSV export take them. */
function activeFilters(filters: TFilters) {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value.trim() !== ''),
  ) as Partial<TFilters>;
}

/** The dashboard's CSV door (session cookie), with the same filters as the table. */
function csvUrl(formId: string, filters: TFilters): string {
  const query = new URLSearchParams(activeFilters(filters)).toString();

  return `/api/dashboard/forms/${encodeURIComponent(formId)}/submissions/export.csv${query ? `?${query}` : ''}`;
}

function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';

  return JSON.stringify(value);
}

/**
 * The submissions table, newest first, a page at a time. Cursors of the pages already seen are
 * kept so that "Previous" goes back without the server having to page backwards.
 */
export function SubmissionsSection({ form }: { form: TForm }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<TFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [folder, setFolder] = useState<TFolder>('inbox');
  const cursor = cursors[cursors.length - 1];
  const page = useQuery({
    ...trpc.submissions.list.queryOptions({
      formId: form.id,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
      ...activeFilters(filters),
      status: folder,
    }),
    placeholderData: keepPreviousData,
  });
  const columns = form.fields.map((field) => ({ name: field.name, label: field.label }));
  // The address the server found in the data gets a column of its own only when no email field of
  // the form already shows it.
  const emailColumn = !form.fields.some((field) => field.type === 'email');

  return (
    <section aria-labelledby="submissions-heading">
      <div className="spread">
        <h2 id="submissions-heading">Submissions</h2>
        <div className="row" role="group" aria-label="Folder">
          {(['inbox', 'spam'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={folder === name}
              onClick={() => {
                setFolder(name);
                setCursors([undefined]);
              }}
            >
              {name === 'inbox' ? 'Inbox' : `Spam (${form.spamCount})`}
            </button>
          ))}
        </div>
        <a className="button" href={csvUrl(form.id, filters)} download>
          Download CSV
        </a>
      </div>
      <form
        className="row card"
        aria-label="Filter submissions"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setCursors([undefined]);
        }}
      >
        <TextField
          label="Email"
          type="search"
          value={draft.email}
          onChange={(e) => setDraft({ ...draft, email: e.target.value })}
        />
        <TextField
          label="From"
          type="date"
          value={draft.startDate}
          onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.endDate}
          onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
        />
        <button type="submit">Apply filters</button>
      </form>
      {page.isPending ? <Loading what="submissions" /> : null}
      {page.isError ? <ErrorAlert error={page.error} /> : null}
      {page.isSuccess && page.data.submissions.length === 0 ? (
        <Empty>{folder === 'spam' ? 'No spam: nothing held back.' : 'No submissions yet.'}</Empty>
      ) : null}
      {folder === 'spam' ? (
        <p className="hint">
          Held back as spam: not counted, mailed or sent to webhooks. &ldquo;Not spam&rdquo; delivers one as
          if it had just arrived; spam is deleted after 30 days. Honeypot and CAPTCHA catches are counted in
          the total but never stored.
        </p>
      ) : null}
      {page.isSuccess && page.data.submissions.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Submissions of {form.name}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                {emailColumn ? <th scope="col">Email</th> : null}
                {columns.map((column) => (
                  <th scope="col" key={column.name}>
                    {column.label}
                  </th>
                ))}
                {folder === 'spam' ? <th scope="col">Why spam</th> : null}
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {page.data.submissions.map((submission) => (
                <SubmissionRow
                  key={submission.id}
                  submission={submission}
                  columns={columns}
                  emailColumn={emailColumn}
                  showReasons={folder === 'spam'}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="row" aria-label="Submission pages" style={{ marginTop: '0.75rem' }}>
        <button
          type="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
        <button
          type="button"
          disabled={!page.data?.nextCursor}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) setCursors([...cursors, next]);
          }}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}

function SubmissionRow({
  submission,
  columns,
  emailColumn,
  showReasons,
}: {
  submission: TSubmission;
  columns: { name: string }[];
  emailColumn: boolean;
  showReasons: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mark = useMutation(
    trpc.submissions.setStatus.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.submissions.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.forms.pathKey() }),
        ]),
    }),
  );
  const spam = submission.status === 'spam';
  const remove = useMutation(
    trpc.submissions.delete.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.submissions.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.forms.pathKey() }),
        ]),
    }),
  );

  return (
    <tr>
      <td>{formatDate(submission.createdAt)}</td>
      {emailColumn ? <td>{submission.email ?? ''}</td> : null}
      {columns.map((column) => (
        <td key={column.name}>
          {filesOf(submission.data[column.name]).length > 0 ? (
            <SubmissionFiles
              formId={submission.formId}
              submissionId={submission.id}
              value={submission.data[column.name]}
            />
          ) : (
            displayValue(submission.data[column.name])
          )}
        </td>
      ))}
      {showReasons ? (
        <td>
          {submission.spamReasons.join(', ') || 'marked by you'} ({Math.round(submission.spamScore * 100)} %)
        </td>
      ) : null}
      <td>
        <details>
          <summary>View</summary>
          <pre className="raw-json">
            {JSON.stringify({ id: submission.id, data: submission.data, meta: submission.meta }, null, 2)}
          </pre>
          <Can ability="write">
            <button
              type="button"
              disabled={mark.isPending}
              onClick={() =>
                mark.mutate({
                  formId: submission.formId,
                  submissionId: submission.id,
                  status: spam ? 'inbox' : 'spam',
                })
              }
            >
              {spam ? 'Not spam' : 'Mark as spam'}
            </button>
            {mark.isError ? <ErrorAlert error={mark.error} /> : null}
            <ConfirmButton
              label="Delete submission"
              title="Delete this submission?"
              message={<p>It will be deleted for good.</p>}
              confirmLabel="Delete submission"
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ formId: submission.formId, submissionId: submission.id })}
            />
            {remove.isError ? <ErrorAlert error={remove.error} /> : null}
          </Can>
        </details>
      </td>
    </tr>
  );
}
