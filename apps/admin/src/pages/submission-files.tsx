/** A stored file value of a submission: what the server keeps for each uploaded file. */
type TFileValue = { fileId: string; name: string; size: number; contentType: string; sha256: string };

function isFileValue(value: unknown): value is TFileValue {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<TFileValue>;

  return (
    typeof candidate.fileId === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.size === 'number' &&
    typeof candidate.contentType === 'string'
  );
}

/** The file values of a field's value (one file, or a list of them); empty for any other value. */
export function filesOf(value: unknown): TFileValue[] {
  const items = Array.isArray(value) ? (value as unknown[]) : [value];

  return items.every(isFileValue) && items.length > 0 ? items : [];
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;

  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A submission's files: name, size, type and a download link. The dashboard's own download route
 * answers with the session cookie, always as an attachment (never rendered in this page).
 */
export function SubmissionFiles({
  formId,
  submissionId,
  value,
}: {
  formId: string;
  submissionId: string;
  value: unknown;
}) {
  const files = filesOf(value);

  return (
    <ul className="files">
      {files.map((file) => (
        <li key={file.fileId}>
          <a
            href={`/api/dashboard/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(submissionId)}/files/${encodeURIComponent(file.fileId)}`}
            download={file.name}
          >
            {file.name}
          </a>{' '}
          <span className="hint">
            {formatSize(file.size)}, {file.contentType}
          </span>
        </li>
      ))}
    </ul>
  );
}
