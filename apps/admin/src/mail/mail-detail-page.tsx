import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/**
 * One email whole. Its HTML body is shown in an iframe with an empty `sandbox` (no scripts, no
 * same-origin access, no forms or navigation), fed by `srcdoc`: mail HTML holds what submitters
 * typed, so it never becomes part of the dashboard's own page.
 */
export function MailDetailPage() {
  const trpc = useTRPC();
  const { emailId = '' } = useParams();
  const email = useQuery(trpc.mail.get.queryOptions({ id: emailId }));

  return (
    <>
      <p>
        <Link to="/mail">← All mail</Link>
      </p>
      {email.isPending ? <Loading what="the email" /> : null}
      {email.isError ? <ErrorAlert error={email.error} /> : null}
      {email.data ? (
        <>
          <h1>{email.data.subject}</h1>
          <dl className="facts">
            <dt>To</dt>
            <dd>{email.data.to}</dd>
            <dt>From</dt>
            <dd>{email.data.from ?? 'unknown'}</dd>
            {email.data.replyTo !== null ? (
              <>
                <dt>Reply-To</dt>
                <dd>{email.data.replyTo}</dd>
              </>
            ) : null}
            <dt>Sent</dt>
            <dd>{formatDate(email.data.createdAt)}</dd>
            <dt>Status</dt>
            <dd>{email.data.status}</dd>
            {email.data.error ? (
              <>
                <dt>Error</dt>
                <dd>{email.data.error}</dd>
              </>
            ) : null}
          </dl>
          {email.data.html !== null ? (
            <section aria-labelledby="mail-html">
              <h2 id="mail-html">HTML body</h2>
              <iframe
                className="mail-html"
                title="HTML body of the email"
                sandbox=""
                srcDoc={email.data.html}
              />
            </section>
          ) : null}
          {email.data.text !== null ? (
            <section aria-labelledby="mail-text">
              <h2 id="mail-text">Text body</h2>
              <pre className="mail-text">{email.data.text}</pre>
            </section>
          ) : null}
          {email.data.html === null && email.data.text === null ? (
            <p className="hint">This message went out to an SMTP server; its body is not kept.</p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
