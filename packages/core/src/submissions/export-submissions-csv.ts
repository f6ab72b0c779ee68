import { Readable } from 'node:stream';

import { submissionRepository, type TSubmissionRecord } from '@formwell/db';
import { stringify } from 'csv-stringify';

import { loadOwnedForm } from '../forms/load-owned-form.js';
import type { TFormField } from '../forms/z-form-field.js';
import { csvCell } from './csv-cell.js';
import { resolveSubmissionFilter } from './resolve-submission-filter.js';

export type ExportSubmissionsCsvOptions = {
  userId: string;
  formId: string;
  startDate?: string | null;
  endDate?: string | null;
  email?: string | null;
};

export type TCsvExport = { filename: string; contentType: string; stream: Readable };

const META_COLUMNS = ['browser', 'os', 'device', 'country'] as const;

/** Column keys: the declared fields in order, or for a form without fields every key seen. */
async function dataColumns(
  fields: TFormField[],
  rows: () => AsyncGenerator<TSubmissionRecord>,
): Promise<string[]> {
  if (fields.length > 0) {
    return fields.map((field) => field.name);
  }
  const keys = new Set<string>();
  for await (const row of rows()) {
    Object.keys(row.data).forEach((key) => keys.add(key));
  }

  return [...keys];
}

/**
 * Streams the form's submissions as CSV (UTF-8 with BOM so spreadsheet apps pick the encoding),
 * newest first, with formula injection neutralised. Ownership and filters are checked before the
 * stream starts, so errors are still proper 4xx responses.
 */
export async function exportSubmissionsCsv({
  userId,
  formId,
  startDate,
  endDate,
  email,
}: ExportSubmissionsCsvOptions): Promise<TCsvExport> {
  const filter = resolveSubmissionFilter({ startDate, endDate, email });
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const rows = () => submissionRepository.iterate({ userId, formId: form.id, filter });
  const columns = await dataColumns(form.fields as TFormField[], rows);
  // The submitter's email is already one of the data columns, so it gets no column of its own.
  // Header cells are neutralised too: on a form without declared fields the column names are keys
  // chosen by whoever submitted, e.g. `=HYPERLINK(…)`.
  const header = ['id', 'createdAt', ...columns, ...META_COLUMNS].map(csvCell);

  async function* records(): AsyncGenerator<string[]> {
    for await (const row of rows()) {
      yield [
        row.id,
        row.createdAt.toISOString(),
        ...columns.map((key) => csvCell(row.data[key])),
        ...META_COLUMNS.map((key) => csvCell(row.meta[key])),
      ];
    }
  }

  const stream = Readable.from(records()).pipe(stringify({ bom: true, header: true, columns: header }));
  const safeName = form.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'form';

  return {
    filename: `${safeName}-submissions.csv`,
    contentType: 'text/csv; charset=utf-8',
    stream,
  };
}
