import type { ApiLogger, ApiResponse } from './context.js';

/**
 * Runs bookkeeping that the answer does not depend on (an API key's lastUsedAt) once the response
 * has been sent, so it costs the client no wait. A failure is logged, never answered. Without a
 * Node response (a direct caller) it runs on the next turn of the event loop.
 */
export function afterResponse(
  res: ApiResponse,
  logger: Pick<ApiLogger, 'warn'>,
  what: string,
  task: () => Promise<unknown>,
): void {
  const run = () => {
    task().catch((error: unknown) => {
      logger.warn({ err: error }, `${what} failed after the response`);
    });
  };
  const raw = (res as { raw?: unknown }).raw;
  // Node's response emits 'close' once it was sent, or when its connection went away first; one
  // listener is all that takes (stream.finished set up six, with their clean-up, per request). A
  // response already closed (the client hung up while the submission was being stored) emits it
  // no more: the work runs on the next turn, as it must whether or not anyone still listens.
  if (isNodeResponse(raw) && !raw.writableFinished && !raw.closed) {
    raw.once('close', run);

    return;
  }
  setImmediate(run);
}

type TNodeResponse = NodeJS.WritableStream & { writableFinished: boolean; closed: boolean };

function isNodeResponse(value: unknown): value is TNodeResponse {
  return typeof value === 'object' && value !== null && 'writableFinished' in value && 'once' in value;
}
