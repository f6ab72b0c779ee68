import type { TRequestUploads } from '@formwell/core';

import type { ApiRequest } from '../context.js';

/**
 * The files a multipart submit uploaded, handed from the host (which streams them to storage
 * before the procedure runs) to the submit procedure, which stores them with the submission. With
 * them goes the CAPTCHA verdict an embed key's request was given at its first file part (a token
 * is good for one verification only).
 */
type TAttachedUploads = { uploads: TRequestUploads; captcha: 'passed' | 'none' | undefined };

const uploadsByRequest = new WeakMap<ApiRequest, TAttachedUploads>();

export function attachRequestUploads(
  req: ApiRequest,
  uploads: TRequestUploads,
  captcha?: 'passed' | 'none',
): void {
  uploadsByRequest.set(req, { uploads, captcha });
}

/** The request's uploads, if it carried files. */
export function requestUploadsOf(req: ApiRequest): TRequestUploads | undefined {
  return uploadsByRequest.get(req)?.uploads;
}

/** The CAPTCHA verdict given before the request's files were stored, if one was. */
export function requestCaptchaOf(req: ApiRequest): 'passed' | 'none' | undefined {
  return uploadsByRequest.get(req)?.captcha;
}
