import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { MAX_DATA_KEYS, MAX_STRING_LENGTH, type TFilePartHandler } from '@formwell/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { BODY_LIMIT_BYTES } from '../http/body-limits.js';

/** `_redirect`, `_gotcha` and a CAPTCHA token come on top of the data's own names. */
const MAX_FIELDS = MAX_DATA_KEYS + 10;
/** The most file parts one request may carry: 100 fields of 10 files each. */
const MAX_FILE_PARTS = 1000;
/** A UTF-8 character takes at most 4 bytes. */
const MAX_FIELD_BYTES = MAX_STRING_LENGTH * 4;

/** A file sent to a form that takes none. */
export function filesNotAccepted(): Error {
  return statusError(415, 'File uploads are not accepted');
}

function statusError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * The bodies a plain HTML form (or a script) sends: URL-encoded, multipart (text fields only) and
 * JSON. Each is bounded before the handler runs: 100 KB for URL-encoded and JSON (Fastify's limit,
 * 413), and for multipart the count and size of fields, checked as they stream in. Plain text,
 * which HTML forms can also send, is not a body this endpoint reads (415).
 */
export async function registerPublicFormBodies(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  // fast-querystring gathers a repeated name into an array of its values.
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, {
    limits: {
      fieldNameSize: 200,
      fieldSize: MAX_FIELD_BYTES,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      headerPairs: 20,
      // File parts are refused (415) or, when empty (a file input left blank), skipped: their
      // content is never kept, and a large one is cut short rather than read through.
      files: 10,
      fileSize: 1,
    },
  });
}

/**
 * The decoded body as name → value; repeated names become arrays, in the order sent. A field named
 * `__proto__` is refused, as Fastify's JSON parser refuses it: it would set a prototype downstream.
 */
export async function readPublicFormBody(
  request: FastifyRequest,
  onFile?: TFilePartHandler,
): Promise<Record<string, unknown>> {
  const body: unknown = request.isMultipart() ? await readMultipartFields(request, onFile) : request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw statusError(400, 'The body must be an object of field names and values');
  }
  if (Object.hasOwn(body, '__proto__')) {
    throw statusError(400, 'Field name "__proto__" is not allowed');
  }

  return Object.fromEntries(Object.entries(body));
}

export async function readMultipartFields(
  request: FastifyRequest,
  onFile: TFilePartHandler | undefined,
): Promise<Record<string, unknown>> {
  // A Map, so a part named `__proto__` is a name like any other.
  const fields = new Map<string, string | string[]>();
  let bytes = 0;
  // With a file handler, files stream through it (their own limits apply there); busboy's file
  // size limit then only stops what no plan allows.
  const parts = onFile
    ? request.parts({
        limits: { files: MAX_FILE_PARTS, parts: MAX_FIELDS + MAX_FILE_PARTS, fileSize: Infinity },
      })
    : request.parts();
  for await (const part of parts) {
    if (part.type === 'file') {
      // An empty file input (no file chosen) sends a nameless, empty part: nothing to refuse.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      if (!onFile) {
        part.file.resume();
        throw filesNotAccepted();
      }
      await onFile({
        field: part.fieldname,
        filename: part.filename,
        stream: part.file,
        fieldsBefore: fields,
      });
      continue;
    }
    if (part.fieldnameTruncated || part.valueTruncated) {
      throw statusError(413, 'Field too large');
    }
    const value = String(part.value);
    bytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
    if (bytes > BODY_LIMIT_BYTES) {
      throw statusError(413, 'Body too large');
    }
    const previous = fields.get(part.fieldname);
    fields.set(
      part.fieldname,
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value],
    );
  }

  return Object.fromEntries(fields);
}
