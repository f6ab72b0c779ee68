import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';

import { ErrorAlert, Loading } from '../components/ui';
import { EmbedSection } from '../embed/embed-section';
import { IntegrationsSection } from '../integrations/integrations-section';
import { WebhooksSection } from '../webhooks/webhooks-section';
import { sessionFormRead } from '../lib/form-read';
import { useTRPC } from '../lib/trpc';
import { useWorkspacePlan } from '../workspace/use-workspace-plan';
import { Can } from '../workspace/workspace-rights';
import { SubmissionsSection } from './submissions-section';

// The charts library is most of the dashboard's code: fetched only when a form's analytics show.
const AnalyticsSection = lazy(() =>
  import('../analytics/analytics-section').then((m) => ({ default: m.AnalyticsSection })),
);

/** One form: its summary, the CSV export and the submissions table. */
export function FormDetailPage() {
  const { formId = '' } = useParams();
  const trpc = useTRPC();
  const form = useQuery({ ...trpc.forms.get.queryOptions({ formId }), select: sessionFormRead });
  const { limits } = useWorkspacePlan();

  if (form.isPending) {
    return <Loading what="the form" />;
  }
  if (form.isError) {
    return <ErrorAlert error={form.error} />;
  }

  return (
    <>
      <div className="spread">
        <h1>{form.data.name}</h1>
        <Can ability="write">
          <Link className="button" to={`/forms/${form.data.id}/edit`}>
            Edit form
          </Link>
        </Can>
      </div>
      <div className="card">
        <p>{form.data.description || <span className="hint">No description.</span>}</p>
        <p className="hint">
          {form.data.formTypeDisplay} · {form.data.fields.length} field
          {form.data.fields.length === 1 ? '' : 's'} · {form.data.submissionCount} submission
          {form.data.submissionCount === 1 ? '' : 's'} · {form.data.caughtCount} caught by the honeypot or
          CAPTCHA (answered, not stored) · form id <code>{form.data.id}</code>
        </p>
      </div>
      <SubmissionsSection form={form.data} />
      {limits ? (
        <Suspense fallback={<Loading what="analytics" />}>
          <AnalyticsSection formId={form.data.id} analytics={limits.analytics} />
        </Suspense>
      ) : null}
      {/* Setting up where submissions come from and go to is a member's work: viewers only read. */}
      <Can
        ability="write"
        otherwise={
          <p className="hint">
            Your role reads this form; embedding, webhooks and integrations are set up by members.
          </p>
        }
      >
        <EmbedSection form={form.data} />
        <WebhooksSection formId={form.data.id} />
        <IntegrationsSection formId={form.data.id} />
      </Can>
    </>
  );
}
