import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import type MarkdownIt from 'markdown-it';

import { asText, oneLine, renderFields } from '../render-fields.js';
import { fillPlaceholders, placeholdersOf } from './email-placeholders.js';
import { markdownTokensToText } from './markdown-text.js';
import type { TEmailTemplate } from './email-template-defaults.js';

type TToken = ReturnType<MarkdownIt['parse']>[number];

/** Longest subject a template renders to (values can be long; a subject is one short line). */
export const MAX_SUBJECT_LENGTH = 200;

const require = createRequire(import.meta.url);
let parser: MarkdownIt | undefined;

/**
 * The one Markdown parser, made at the first email rendered rather than when the package loads
 * (the CLI and most test files never render one, and loading markdown-it costs each process CPU).
 * Raw HTML in a template is shown as text, not passed through; URLs are not turned into links by
 * themselves (a value that looks like one stays text).
 */
function markdown(): MarkdownIt {
  parser ??= new (require('markdown-it') as typeof MarkdownIt)({ html: false, linkify: false, breaks: true });

  return parser;
}

/** What the placeholders of one email stand for. */
export type TEmailTemplateContext = {
  formName: string;
  /** The form's own page in the dashboard. */
  formUrl: string;
  submissionId: string;
  submissionCreatedAt: Date;
  fields: Record<string, unknown>;
  /** Field labels by field name (a field without one shows its name). */
  labels: Record<string, string>;
};

/** The plain value of one placeholder; undefined for a name the template language does not know. */
function plainValue(name: string, context: TEmailTemplateContext): string | undefined {
  switch (name) {
    case 'form.name':
      return context.formName;
    case 'form.url':
      return context.formUrl;
    case 'submission.id':
      return context.submissionId;
    case 'submission.createdAt':
      return context.submissionCreatedAt.toISOString();
    case 'fields':
      return renderFields(context.fields, context.labels).text;
    default:
      if (name.startsWith('field.')) {
        const value = context.fields[name.slice('field.'.length)];

        return value === undefined || value === null ? '' : asText(value);
      }

      return undefined;
  }
}

/**
 * The body's Markdown is parsed with a marker in place of each placeholder, and the values are put
 * into the parsed tokens afterwards: a value is never read as Markdown (no link or emphasis can be
 * smuggled in) and the renderer escapes it like any text. A link whose address came from a value
 * is kept only if it is a URL the Markdown library itself would accept (no `javascript:`).
 */
function renderBody(body: string, context: TEmailTemplateContext): { html: string; text: string } {
  const nonce = randomBytes(6).toString('hex');
  const names = placeholdersOf(body);
  const markerOf = (index: number) => `fwph${nonce}n${index}x`;
  const markers = new RegExp(`fwph${nonce}n(\\d+)x`, 'g');
  const source = fillPlaceholders(body, (name) => {
    const index = names.indexOf(name);

    return index === -1 ? undefined : markerOf(index);
  });
  const fill = (content: string) =>
    content.replace(
      markers,
      (_whole, index: string) => plainValue(names[Number(index)] ?? '', context) ?? '',
    );
  const fieldsMarker = names.includes('fields') ? markerOf(names.indexOf('fields')) : null;
  const fields = renderFields(context.fields, context.labels);

  const tokens: TToken[] = [];
  const parsed = markdown().parse(source, {});
  for (let index = 0; index < parsed.length; index += 1) {
    const token = parsed[index] as TToken;
    const next = parsed[index + 1];
    if (token.type === 'paragraph_open' && next?.type === 'inline' && next.content.trim() === fieldsMarker) {
      // `{{fields}}` on a line of its own is the labelled table; anywhere else it is its text.
      const table = new (token.constructor as new (type: string, tag: string, nesting: number) => TToken)(
        'html_block',
        '',
        0,
      );
      table.content = fields.html;
      table.meta = { text: fields.text };
      tokens.push(table);
      index += 2;
      continue;
    }
    fillToken(token, fill);
    tokens.push(token);
  }

  return {
    html: markdown().renderer.render(tokens, markdown().options, {}),
    text: markdownTokensToText(tokens),
  };
}

function fillToken(token: TToken, fill: (content: string) => string): void {
  if (
    token.type === 'fence' ||
    token.type === 'code_block' ||
    token.type === 'text' ||
    token.type === 'code_inline'
  ) {
    token.content = fill(token.content);
  }
  for (const attribute of ['href', 'src'] as const) {
    const value = token.attrGet(attribute);
    if (value !== null) {
      const filled = fill(value);
      token.attrSet(attribute, filled === value || markdown().validateLink(filled) ? filled : '#');
    }
  }
  if (token.children) {
    for (const child of token.children) {
      fillToken(child, fill);
    }
    token.children = token.children.flatMap(withLineBreaks);
  }
}

/**
 * A text token whose value brought line breaks, as text and soft breaks: the HTML part then shows
 * them (`<br>`, the parser breaks lines) as the text part does, where a raw newline in HTML would
 * run the lines together.
 */
function withLineBreaks(token: TToken): TToken[] {
  if (token.type !== 'text' || !/[\r\n]/.test(token.content)) {
    return [token];
  }
  const Token = token.constructor as new (type: string, tag: string, nesting: number) => TToken;

  return token.content.split(/\r\n|\r|\n/).flatMap((line, index) => {
    const text = new Token('text', '', 0);
    text.content = line;

    return index === 0 ? [text] : [new Token('softbreak', 'br', 0), text];
  });
}

/** One rendered email: a one-line subject, the HTML part's inner body and the text part. */
export type TRenderedEmailTemplate = { subject: string; html: string; text: string };

/**
 * Renders a template for one submission. The subject is one line cut to {@link MAX_SUBJECT_LENGTH}
 * characters (no value can add a header line); in the body, values keep their line breaks, and in
 * the HTML part every value is escaped.
 */
export function renderEmailTemplate(
  template: TEmailTemplate,
  context: TEmailTemplateContext,
): TRenderedEmailTemplate {
  const subject = oneLine(
    fillPlaceholders(template.subject, (name) => plainValue(name, context)),
    MAX_SUBJECT_LENGTH,
  );

  return { subject, ...renderBody(template.body, context) };
}
