/**
 * A script using @formwell/client with an API key: it creates a form, submits to it, lists the
 * submissions, deletes the one it made, and deletes the form.
 *
 *   FORMWELL_URL=https://forms.example.com FORMWELL_API_KEY=mk_live_… npx tsx manage-forms.ts
 *
 * (in a project that installed @formwell/client; from this repository, in packages/client:
 * `FORMWELL_URL=… FORMWELL_API_KEY=… npm run example`, which reads the client's sources).
 *
 * The key needs the scopes forms:write, submissions:write, submissions:read and
 * submissions:delete (a key made in the dashboard holds them all by default).
 */
import { createFormwellClient, FormwellError } from '@formwell/client';

const baseUrl = process.env.FORMWELL_URL ?? 'http://localhost:3000';
const apiKey = process.env.FORMWELL_API_KEY;
if (!apiKey) {
  throw new Error('Set FORMWELL_API_KEY to an API key of your Formwell server');
}
const formwell = createFormwellClient({ baseUrl, apiKey });

const form = await formwell.forms.create({
  name: 'Beta waitlist',
  formType: 'waitlist',
  fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
});
console.log(`created form ${form.id} (${form.name})`);

try {
  await formwell.submit({ formId: form.id, data: { email: 'not an address' } });
} catch (error) {
  if (!(error instanceof FormwellError)) {
    throw error;
  }
  console.log(`refused ${String(error.status)}: ${JSON.stringify(error.fieldErrors)}`);
}

const { submissionId } = await formwell.submit({ formId: form.id, data: { email: 'ada@example.com' } });
console.log(`submitted ${submissionId}`);

const { submissions } = await formwell.submissions.list(form.id, { limit: 10 });
console.log(`listed ${String(submissions.length)}: ${submissions.map(({ id }) => id).join(', ')}`);

await formwell.submissions.delete(form.id, submissionId);
console.log(`deleted submission ${submissionId}`);

await formwell.forms.delete(form.id);
console.log(`deleted form ${form.id}`);
