import { createRouter } from '../../trpc.js';
import { deleteSubmissionRoute } from './delete-submission.js';
import { getSubmissionRoute } from './get-submission.js';
import { listSubmissionsRoute } from './list-submissions.js';
import { setSubmissionStatusRoute } from './set-submission-status.js';

/** Submissions (the listing for keys too); the CSV export is a streamed HTTP route. */
export const submissionsRouter = createRouter({
  list: listSubmissionsRoute,
  get: getSubmissionRoute,
  delete: deleteSubmissionRoute,
  setStatus: setSubmissionStatusRoute,
});
