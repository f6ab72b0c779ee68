import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

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
    },
    uniqueEmail: { type: Boolean, default: false },
    retentionDays: { type: Number, default: null },
    submissionCount: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'forms', minimize: false },
);

formSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The retention sweep walks only forms that have a retention period.
formSchema.index({ retentionDays: 1, _id: 1 });

export type TFormDoc = InferSchemaType<typeof formSchema>;

const createFormModel = () => model('Form', formSchema);

export const FormModel = (models.Form as ReturnType<typeof createFormModel> | undefined) ?? createFormModel();
