/**
 * Types of files the sniffer cannot tell from their bytes (text has no signature): known by the
 * name's extension when the bytes are text. Anything else unrecognised is
 * `application/octet-stream`.
 */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
};

/** Spellings of one extension, so `.jpeg` in `accept` lets in what the sniffer calls `jpg`. */
const SAME_EXTENSION: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  htm: 'html',
  tif: 'tiff',
  mpeg: 'mpg',
};

const canonical = (extension: string) => SAME_EXTENSION[extension] ?? extension;

export type TFileKind = { contentType: string; extension: string | null };

/** The type of bytes the sniffer did not recognise, from whether they are text and the name's extension. */
export function unrecognisedKind({ name, head }: { name: string; head: Uint8Array }): TFileKind {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  const isText = !head.includes(0);
  if (!isText) {
    return { contentType: 'application/octet-stream', extension: null };
  }
  // Markup is named for what it is whatever the file is called: a page or an image with scripts.
  const start = Buffer.from(head.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe)/.test(start)) {
    return { contentType: 'text/html', extension: 'html' };
  }
  if (/^(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*<svg/s.test(start)) {
    return { contentType: 'image/svg+xml', extension: 'svg' };
  }
  const known = TEXT_TYPES[extension];

  return known ? { contentType: known, extension } : { contentType: 'text/plain', extension: 'txt' };
}

/**
 * Whether a file of this kind is one a field's `accept` lets in: an entry is a MIME type
 * (`image/png`), a family (`image/*`) or an extension (`.pdf`), compared with what the bytes
 * are, never with what the client said. No `accept` lets in any file.
 */
export function isAccepted(accept: readonly string[] | undefined, kind: TFileKind): boolean {
  if (!accept || accept.length === 0) {
    return true;
  }

  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) {
      return kind.extension !== null && canonical(rule.slice(1)) === canonical(kind.extension);
    }
    if (rule.endsWith('/*')) {
      return kind.contentType.startsWith(rule.slice(0, -1));
    }

    return rule === kind.contentType;
  });
}
