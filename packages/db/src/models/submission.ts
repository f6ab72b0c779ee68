import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * A pending side effect, written in the same insert as the submission so a crash or a Redis outage
 * delays it but never loses it. The worker marks it done.
 */
const outboxEntrySchema = new Schema(
  {
    kind: { type: String, enum: ['email.confirmation', 'email.developer', 'webhook'], required: true },
    status: { type: String, enum: ['pending', 'done'], default: 'pending', required: true },
    endpointId: { type: Schema.Types.ObjectId, default: null },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    doneAt: { type: Date, default: null },
    // Set when the entry is decided not to send at submit time (a confirmation to an unverified
    // submitter): the worker logs it as skipped with this reason instead of sending.
    skipReason: { type: String, default: null },
    // A confirmation's: whether the submitter was verified (a CAPTCHA, or a key that is not
    // public), the only case in which the owner's template may quote what they typed to the
    // address they typed. False on entries from before it was kept: they get the built-in parts.
    submitterVerified: { type: Boolean, default: false },
  },
  { _id: true },
);

const submissionSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, default: null },
    // Set only on uniqueEmail forms: the normalised email the unique partial index guards.
    emailKey: { type: String },
    data: { type: Schema.Types.Mixed, required: true },
    meta: {
      browser: { type: String, default: 'Unknown' },
      os: { type: String, default: 'Unknown' },
      device: { type: String, default: 'Unknown' },
      country: { type: String, default: 'Unknown' },
    },
    outbox: { type: [outboxEntrySchema], default: [] },
    hasPendingOutbox: { type: Boolean, default: false },
    // The id of the HTTP request that made it (no personal data), so the worker's job logs of its
    // outbox can be matched with the server's request log, even after a sweep re-enqueued them.
    requestId: { type: String, default: null },
    // True from the insert until the form's submissionCount and analytics counters include this
    // submission. Written in the same insert as the submission, so a crash between the insert and
    // the counter updates is visible and the counter sweep finishes the job (submission-counters).
    // Unset (not false) once applied, so the partial index below stays tiny.
    countersPending: { type: Boolean },
    // The folder: `spam` is kept out of the listing (legacy documents without it are inbox).
    status: { type: String, enum: ['inbox', 'spam'], default: 'inbox' },
    // The classifier's verdict at submit time: 0..1 and its short reasons (`links`, `learned`, ...).
    spamScore: { type: Number, default: 0 },
    spamReasons: { type: [String], default: [] },
    // Set on a submission filed as spam at submit time: it took no quota unit, no count, no
    // analytics and no outbox. Unset (in the same update that moves it to the inbox) when the owner
    // releases it, which then gives it all of those exactly once.
    withheld: { type: Boolean },
    // Set with `withheld` at submit time when the submitter was vouched for (a CAPTCHA passed, or a
    // key that is not origin-restricted): a release then confirms it as that submit would have.
    // Unset by the release.
    submitterVerified: { type: Boolean },
    // Set with `withheld` when the owner marks a delivered submission spam: it left the counts,
    // the analytics and the month's quota then, but its emails and webhooks had gone out already,
    // so a release counts it again and sends nothing twice. Unset by that release.
    withdrawn: { type: Boolean },
    // When it entered the spam folder: the 30-day purge counts from here.
    spamSince: { type: Date },
    // The owner's last mark (`spam` / `inbox`), as the workspace's model learned it; a new mark
    // unlearns the old one, so marking back and forth never counts twice.
    markedAs: { type: String, enum: ['inbox', 'spam'] },
    // Set explicitly (not by `timestamps`) so the sort key is the one we chose.
    createdAt: { type: Date, required: true },
  },
  { collection: 'submissions', minimize: false },
);

submissionSchema.index({ formId: 1, createdAt: -1, _id: -1 });
submissionSchema.index({ formId: 1, email: 1, createdAt: -1 });
/**
 * The uniqueEmail rule's index, named (as MongoDB names it by default, so stored indexes match) so a
 * duplicate key on it can be told from any other.
 */
export const UNIQUE_EMAIL_INDEX = 'formId_1_emailKey_1';
submissionSchema.index(
  { formId: 1, emailKey: 1 },
  { name: UNIQUE_EMAIL_INDEX, unique: true, partialFilterExpression: { emailKey: { $exists: true } } },
);
// The outbox sweeper looks only at submissions with something left to do.
submissionSchema.index(
  { hasPendingOutbox: 1, createdAt: 1 },
  { partialFilterExpression: { hasPendingOutbox: true } },
);

// The counter sweep looks only at submissions whose counters were interrupted.
submissionSchema.index(
  { countersPending: 1, createdAt: 1 },
  { partialFilterExpression: { countersPending: true } },
);
/** Named, so the read that needs it can hint it: the planner would pick the form's full index. */
export const PENDING_OF_FORM_INDEX = 'formId_1_countersPending';

// A form's analytics read first finishes that form's submissions still pending: this index holds
// only those, so the read costs the same on a form with millions of settled submissions.
submissionSchema.index(
  { formId: 1 },
  { name: PENDING_OF_FORM_INDEX, partialFilterExpression: { countersPending: true } },
);

// The spam folder's listing and the purge of spam older than 30 days.
submissionSchema.index(
  { formId: 1, status: 1, createdAt: -1, _id: -1 },
  { partialFilterExpression: { status: 'spam' } },
);
submissionSchema.index({ spamSince: 1 }, { partialFilterExpression: { status: 'spam' } });

export type TSubmissionDoc = InferSchemaType<typeof submissionSchema>;
export type TOutboxEntryDoc = InferSchemaType<typeof outboxEntrySchema>;

const createSubmissionModel = () => model('Submission', submissionSchema);

export const SubmissionModel =
  (models.Submission as ReturnType<typeof createSubmissionModel> | undefined) ?? createSubmissionModel();
