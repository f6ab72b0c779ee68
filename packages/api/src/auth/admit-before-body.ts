import type { AnyTRPCProcedure } from '@trpc/server';

import type { ApiRequest, Context } from '../context.js';
import { procedureMetaOf } from '../procedures.js';
import { ZPathIdParamSchema } from '../schemas/z-query.js';
import { admitApiKeyRequest, type TApiKeyAdmission } from './guard-api-key-request.js';

/** Admissions made before the body was read, taken up by the procedure (once) when it runs. */
const admittedEarly = new WeakMap<ApiRequest, Promise<TApiKeyAdmission>>();

export type AdmitBeforeBodyOptions = {
  /** The procedure the request's method and path matched (its meta names its key policy). */
  procedure: AnyTRPCProcedure;
  ctx: Context;
  /** The parameters read from the path (the per-form bucket's form id is one). */
  pathInput: Record<string, string | undefined>;
};

/**
 * Runs a key-protected procedure's admission (key, user, rate limit: see admitApiKeyRequest)
 * before the request body is read, so an answer the body causes (413 too large, 415 content type,
 * 400 broken or too deep JSON) carries the limit headers, and counts in the key's bucket like any
 * other request: junk sent with a key costs that key its share.
 *
 * A refusal is not answered here: it is kept and thrown when the procedure runs, so a bad body is
 * still answered as such (the body limits come first, as they did before the key was looked at).
 * Per-form buckets read the form id from the path, where every per-form endpoint has it.
 */
export async function admitBeforeBody({ procedure, ctx, pathInput }: AdmitBeforeBodyOptions): Promise<void> {
  const policy = procedureMetaOf(procedure)?.apiKeyPolicy;
  if (!policy || ctx.transport !== 'rest') {
    return;
  }
  const admission = admitApiKeyRequest({ ...ctx, policy, formId: decodedFormId(pathInput.formId) });
  admittedEarly.set(ctx.req, admission);
  // Settled here, so the limit headers are on the reply before the body is read; a refusal is
  // handled (no unhandled rejection) and still rejects for the procedure that awaits it.
  await admission.catch(() => undefined);
}

/** The admission made before the body for this request, if any; a second call gets none. */
export function takeEarlyAdmission(req: ApiRequest): Promise<TApiKeyAdmission> | undefined {
  const admission = admittedEarly.get(req);
  admittedEarly.delete(req);

  return admission;
}

/**
 * The admission made before the body, left for the procedure: a host that reads a multipart body
 * checks the key with it before the first file byte is stored.
 */
export function peekEarlyAdmission(req: ApiRequest): Promise<TApiKeyAdmission> | undefined {
  return admittedEarly.get(req);
}

/** Decoded as the input will be, so `%36b04…` counts in the same bucket as `6b04…`. */
export function decodedFormId(rawFormId: unknown): unknown {
  // Most paths name no form (the list, submit's body carries it): no parse, no failed result.
  if (rawFormId === undefined) {
    return undefined;
  }
  const decoded = ZPathIdParamSchema.safeParse(rawFormId);

  return decoded.success ? decoded.data : rawFormId;
}
