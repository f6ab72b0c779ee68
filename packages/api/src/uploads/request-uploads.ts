import type { TRequestUploads } from '@formwell/core';

import type { ApiRequest } from '../context.js';

/**
 * The files a multipart submit uploaded, handed from the host (which streams them to storage
 * before the procedure runs) to the submit procedure, which stores them with the submission.
 */
const uploadsByRequest = new WeakMap<ApiRequest, TRequestUploads>();

export function attachRequestUploads(req: ApiRequest, uploads: TRequestUploads): void {
  uploadsByRequest.set(req, uploads);
}

/** The request's uploads, if it carried files. */
export function requestUploadsOf(req: ApiRequest): TRequestUploads | undefined {
  return uploadsByRequest.get(req);
}
