import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { ConfirmButton, Empty, ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { Can } from '../workspace/workspace-rights';

type TFormListItem = RouterOutputs['forms']['list']['forms'][number];

export function FormsListPage() {
  const trpc = useTRPC();
  const forms = useInfiniteQuery(
    trpc.forms.list.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = forms.data?.pages.flatMap((page) => page.forms) ?? [];

  return (
    <>
      <div className="spread">
        <h1>Forms</h1>
        <Can ability="write">
          <Link className="button primary" to="/forms/new">
            New form
          </Link>
        </Can>
      </div>
      {forms.isPending ? <Loading what="forms" /> : null}
      {forms.isError ? <ErrorAlert error={forms.error} /> : null}
      {forms.isSuccess && rows.length === 0 ? (
        <Empty>No forms yet. Create one to start receiving submissions.</Empty>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Your forms</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Submissions</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((form) => (
                <FormRow key={form.id} form={form} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {forms.hasNextPage ? (
        <button type="button" onClick={() => void forms.fetchNextPage()} disabled={forms.isFetchingNextPage}>
          Load more forms
        </button>
      ) : null}
    </>
  );
}

function FormRow({ form }: { form: TFormListItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.forms.delete.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.forms.list.pathKey() }),
    }),
  );

  return (
    <tr>
      <td>
        <Link to={`/forms/${form.id}`}>{form.name}</Link>
      </td>
      <td>{form.formType}</td>
      <td>{form.submissionCount}</td>
      <td>{formatDate(form.createdAt)}</td>
      <td>
        <Can ability="write" otherwise="Read only">
          <div className="row">
            <Link to={`/forms/${form.id}/edit`} aria-label={`Edit ${form.name}`}>
              Edit
            </Link>
            <ConfirmButton
              label="Delete"
              title={`Delete "${form.name}"?`}
              message={
                <p>
                  The form and its {form.submissionCount} submission{form.submissionCount === 1 ? '' : 's'}{' '}
                  will be deleted for good.
                </p>
              }
              confirmLabel="Delete form"
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ formId: form.id })}
            />
          </div>
        </Can>
        {remove.isError ? <ErrorAlert error={remove.error} /> : null}
      </td>
    </tr>
  );
}
