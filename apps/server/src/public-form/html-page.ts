import { createHash } from 'node:crypto';

import escapeHtml from 'escape-html';
import type { FastifyReply } from 'fastify';

const STYLE =
  'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#1f2937}' +
  'main{max-width:36rem;padding:1rem;text-align:center}h1{font-size:1.75rem}ul{text-align:left}a{color:#2563eb}';

/**
 * The pages of the keyless endpoint carry no script and load nothing: the one inline style is
 * allowed by its hash, everything else (scripts, frames, forms, base changes) by nothing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A link back to the visitor's page: only an absolute http(s) URL, never `javascript:` and the like. */
export function backLink(referer: string | undefined): string | null {
  if (!referer) {
    return null;
  }
  try {
    const url = new URL(referer);

    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export type THtmlPage = {
  title: string;
  /** Paragraphs of plain text; escaped here. */
  paragraphs: string[];
  /** Plain-text list items (field errors); escaped here. */
  items?: string[];
  back: string | null;
  backText: string;
};

/** Sends a small self-contained page; every piece of text is escaped, whatever its source. */
export function sendHtmlPage(reply: FastifyReply, page: THtmlPage) {
  const items = page.items?.length
    ? `<ul>${page.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '';
  const back = page.back ? `<p><a href="${escapeHtml(page.back)}">${escapeHtml(page.backText)}</a></p>` : '';
  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(page.title)}</h1>` +
    page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('') +
    `${items}${back}</main></body></html>`;

  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .type('text/html; charset=utf-8')
    .send(html);
}
