import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, Empty, ErrorAlert, formatDate, Loading, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { filesOf, SubmissionFiles } from './submission-files';

type TForm = TFormRead;
type TSubmission = RouterOutputs['submissions']['list']['submissions'][number];
type TFilters = { email: string; startDate: string; endDate: string };

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
  const cursor = cursors[cursors.length - 1];
  const page = useQuery({
    ...trpc.submissions.list.queryOptions({
      formId: form.id,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
      ...activeFilters(filters),
    }),
    placeholderData: keepPreviousData,
  });
  const columns = form.fields.map((field) => ({ name: field.name, label: field.label }));

  return (
    <section aria-labelledby="submissions-heading">
      <div className="spread">
        <h2 id="submissions-heading">Submissions</h2>
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
      {page.isSuccess && page.data.submissions.length === 0 ? <Empty>No submissions yet.</Empty> : null}
      {page.isSuccess && page.data.submissions.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Submissions of {form.name}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Email</th>
                {columns.map((column) => (
                  <th scope="col" key={column.name}>
                    {column.label}
                  </th>
                ))}
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {page.data.submissions.map((submission) => (
                <SubmissionRow key={submission.id} submission={submission} columns={columns} />
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

function SubmissionRow({ submission, columns }: { submission: TSubmission; columns: { name: string }[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
      <td>{submission.email ?? ''}</td>
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
      <td>
        <details>
          <summary>View</summary>
          <pre>
            {JSON.stringify({ id: submission.id, data: submission.data, meta: submission.meta }, null, 2)}
          </pre>
          <ConfirmButton
            label="Delete submission"
            title="Delete this submission?"
            message={<p>It will be deleted for good.</p>}
            confirmLabel="Delete submission"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ formId: submission.formId, id: submission.id })}
          />
          {remove.isError ? <ErrorAlert error={remove.error} /> : null}
        </details>
      </td>
    </tr>
  );
}
