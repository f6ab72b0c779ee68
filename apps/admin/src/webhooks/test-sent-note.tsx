/** What became of a test sent to an endpoint or an integration (the attempt as logged). */
export function TestSentNote({ attempt }: { attempt: { status: string; httpStatus: number | null } }) {
  return (
    <p role="status" className="hint">
      Test sent: {attempt.status}
      {attempt.httpStatus === null ? '' : ` (HTTP ${attempt.httpStatus})`}.
    </p>
  );
}
