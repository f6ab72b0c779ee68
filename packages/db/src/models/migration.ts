import mongoose from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * The `migrations` collection holds two kinds of documents: one per applied data migration
 * (`_id: "v<version>"`, with its version, name and time), and the single lock document
 * (`_id: "lock"`) held by the run applying them, with an expiry so a crashed run cannot hold it
 * for ever.
 */
const migrationSchema = new Schema(
  {
    _id: { type: String, required: true },
    version: { type: Number },
    name: { type: String },
    appliedAt: { type: Date },
    owner: { type: String },
    lockedUntil: { type: Date },
  },
  { collection: 'migrations', versionKey: false },
);

const createMigrationModel = () => model('Migration', migrationSchema);

export const MigrationModel =
  (models.Migration as ReturnType<typeof createMigrationModel> | undefined) ?? createMigrationModel();
