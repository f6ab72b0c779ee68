/**
 * The dump is gzip'd newline-delimited Extended JSON (canonical mode, so ObjectId, Date, Long,
 * Decimal128 and Binary come back as the same BSON types). One record a line, in this order:
 * a header, then per collection its definition (indexes) followed by its documents, then a footer
 * with the document count of every collection, so a truncated file is detected on restore.
 */
export const BACKUP_FORMAT = 'formwell-backup';
export const BACKUP_VERSION = 1;

export type TIndexDefinition = { key: Record<string, unknown>; name: string } & Record<string, unknown>;

export type TBackupRecord =
  | { kind: 'header'; format: typeof BACKUP_FORMAT; version: number; database: string; startedAt: Date }
  | { kind: 'collection'; name: string; options: Record<string, unknown>; indexes: TIndexDefinition[] }
  | { kind: 'document'; collection: string; document: Record<string, unknown> }
  | { kind: 'footer'; counts: Record<string, number>; finishedAt: Date };

export type TBackupSummary = { collections: Record<string, number>; documents: number; indexes: number };
