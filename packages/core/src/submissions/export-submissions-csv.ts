import { Readable, pipeline } from 'node:stream';

import { submissionRepository, type TSubmissionRecord } from '@formwell/db';
import { stringify } from 'csv-stringify';
import { z } from 'zod';

import { parseInput } from '../errors/parse-input.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import type { TFormField } from '../forms/z-form-field.js';
import { csvCell } from './csv-cell.js';
import { ownValue } from './own-value.js';
import { resolveSubmissionFilter } from './resolve-submission-filter.js';
import { MAX_DATA_KEYS } from './validate-submission-data.js';

/**
 * The export's query string, strict: a parameter it does not know is a 400, never passed on. The
 * legacy `apiKey` is read by authentication and only declared here so it is allowed.
 */
const ZExportSubmissionsQuerySchema = z.strictObject({
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
  email: z.string().max(320).optional(),
  apiKey: z.string().max(200).optional(),
});

export type ExportSubmissionsCsvOptions = {
  /** The authenticated owner; never taken from the request. */
  userId: string;
  /** The form id of the path; ownership is checked here. */
  formId: string;
  /** The request's query string as received (unknown: it is validated here). */
  query: unknown;
};

/** What an export's response headers need. */
type TCsvExportHead = { filename: string; contentType: string };

type TCsvExport = TCsvExportHead & { stream: Readable };

/**
 * At most this many data columns. A form without declared fields takes any keys, so without a cap
 * one export could have as many columns as distinct keys ever submitted; the cap equals the most
 * keys one submission may carry. Keys beyond it go, as JSON, into the `other` column.
 */
export const MAX_CSV_DATA_COLUMNS = MAX_DATA_KEYS;
const CSV_OTHER_COLUMN = 'other';

const META_COLUMNS = ['browser', 'os', 'device', 'country'] as const;

/**
 * Column keys: the declared fields in order, or for a form without fields the keys seen, first seen
 * first; at most MAX_CSV_DATA_COLUMNS either way.
 */
async function dataColumns(
  fields: TFormField[],
  rows: () => AsyncGenerator<TSubmissionRecord>,
): Promise<string[]> {
  if (fields.length > 0) {
    return fields.slice(0, MAX_CSV_DATA_COLUMNS).map((field) => field.name);
  }
  const keys = new Set<string>();
  for await (const row of rows()) {
    for (const key of Object.keys(row.data)) {
      if (keys.size >= MAX_CSV_DATA_COLUMNS) {
        return [...keys];
      }
      keys.add(key);
    }
  }

  return [...keys];
}

/** The data keys without a column of their own, as one JSON object (empty cell when none). */
function otherCell(data: Record<string, unknown>, columns: Set<string>): string {
  const rest = Object.entries(data).filter(([key]) => !columns.has(key));

  return rest.length > 0 ? csvCell(Object.fromEntries(rest)) : '';
}

/**
 * The export's checks (query, ownership and filters) and its headers, without reading one
 * submission: what a HEAD answers, and the first half of the export itself.
 */
async function checkedExport({ userId, formId, query }: ExportSubmissionsCsvOptions) {
  const { startDate, endDate, email } = parseInput(ZExportSubmissionsQuerySchema, query ?? {});
  const filter = resolveSubmissionFilter({ startDate, endDate, email });
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const safeName = form.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'form';
  const head: TCsvExportHead = {
    filename: `${safeName}-submissions.csv`,
    contentType: 'text/csv; charset=utf-8',
  };

  return { form, filter, head };
}

/** The headers of the export (after the same checks, so a HEAD gets the GET's 4xx), no rows read. */
export async function exportSubmissionsCsvHead(
  options: ExportSubmissionsCsvOptions,
): Promise<TCsvExportHead> {
  return (await checkedExport(options)).head;
}

/**
 * Streams the form's submissions as CSV (UTF-8 with BOM so spreadsheet apps pick the encoding),
 * newest first, every cell quoted and formula injection neutralised. The query, ownership and
 * filters are checked before the stream starts, so errors are still proper 4xx responses.
 */
export async function exportSubmissionsCsv(options: ExportSubmissionsCsvOptions): Promise<TCsvExport> {
  const { form, filter, head } = await checkedExport(options);
  const rows = () => submissionRepository.iterate({ userId: options.userId, formId: form.id, filter });
  const columns = await dataColumns(form.fields as TFormField[], rows);
  const columnSet = new Set(columns);
  // The submitter's email is already one of the data columns, so it gets no column of its own.
  // Header cells are neutralised too: on a form without declared fields the column names are keys
  // chosen by whoever submitted, e.g. `=HYPERLINK(…)`.
  const header = ['id', 'createdAt', ...columns, CSV_OTHER_COLUMN, ...META_COLUMNS].map(csvCell);

  async function* records(): AsyncGenerator<string[]> {
    for await (const row of rows()) {
      yield [
        row.id,
        row.createdAt.toISOString(),
        ...columns.map((key) => csvCell(ownValue(row.data, key))),
        otherCell(row.data, columnSet),
        ...META_COLUMNS.map((key) => csvCell(row.meta[key])),
      ];
    }
  }

  // Every cell quoted, empty ones too: a reader that splits on another separator than ours still
  // sees one field per cell.
  // pipeline, not pipe: an error while reading rows must end this response (the HTTP layer sees the
  // stream fail), never go unhandled and take the whole server down.
  const stream = pipeline(
    Readable.from(records()),
    stringify({ bom: true, header: true, columns: header, quoted: true, quoted_empty: true }),
    () => undefined,
  );

  return { ...head, stream };
}
