import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const emailTemplateSchema = new Schema(
  { subject: { type: String, default: null }, body: { type: String, default: null } },
  { _id: false },
);

const formSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    formType: { type: String, required: true },
    // Field definitions are validated by core (ZFormFieldSchema) before they get here.
    fields: { type: [Schema.Types.Mixed], default: [] },
    settings: {
      usersJoined: {
        type: new Schema({ enabled: { type: Boolean, default: false } }, { _id: false }),
        default: null,
      },
    },
    emailSettings: {
      enabled: { type: Boolean, default: false },
      developerNotificationsEnabled: { type: Boolean, default: false },
      developerEmail: { type: String, default: null },
      subject: { type: String, default: null },
      replyTo: { type: String, default: null },
      // The owner's knowing switch: send confirmations to submitters who passed no CAPTCHA and used
      // no server-side key (anyone can then make the install mail any address).
      confirmUnverified: { type: Boolean, default: false },
      // The owner's own templates (Markdown body and subject with placeholders); null, or a null
      // part, means the built-in one (core/email/templates).
      notificationTemplate: { type: emailTemplateSchema, default: null },
      confirmationTemplate: { type: emailTemplateSchema, default: null },
    },
    uniqueEmail: { type: Boolean, default: false },
    // The keyless endpoint for plain HTML forms (POST /f/:formId): off until the owner opts in.
    // The CAPTCHA secret is needed to call the provider, so it is stored; views never show it.
    publicSubmissions: {
      enabled: { type: Boolean, default: false },
      allowedOrigins: { type: [String], default: [] },
      captcha: {
        type: new Schema({ provider: String, secret: String }, { _id: false }),
        default: null,
      },
    },
    retentionDays: { type: Number, default: null },
    // A submission scoring this or more goes to the spam folder; unset means core's default.
    spamThreshold: { type: Number },
    submissionCount: { type: Number, default: 0 },
    // What the form caught as spam, kept here so reading a form (GET form, the dashboard) is one
    // read: answered like a success and never stored (honeypot, failed CAPTCHA), and in the spam
    // folder now. Absent on forms older than the counters until the migration sets them.
    caughtSpamCount: { type: Number, default: 0 },
    spamFolderCount: { type: Number, default: 0 },
    // (`countsVersion`, written only by the driver and never read into a record, is bumped by every
    // write of the counts above, so a recount can tell that they moved during its scan even when
    // they moved back to the values it read: see form-counts-rebuild.ts.)
    // Webhook endpoints of the form, so the plan's per-form cap is one conditional update.
    // Absent on older forms; core initialises it from a count on first use.
    webhookCount: { type: Number },
    // The hourly cap of developer notifications: the clock hour counted in, and the notifications
    // given a slot in it, so taking a slot is one conditional update (see developer-notification-slot).
    notificationHour: { type: Date },
    notificationsSent: { type: Number },
  },
  { timestamps: true, collection: 'forms', minimize: false },
);

formSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The retention sweep walks only forms that have a retention period.
formSchema.index({ retentionDays: 1, _id: 1 });

export type TFormDoc = InferSchemaType<typeof formSchema>;

const createFormModel = () => model('Form', formSchema);

export const FormModel = (models.Form as ReturnType<typeof createFormModel> | undefined) ?? createFormModel();
