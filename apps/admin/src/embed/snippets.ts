import type { TFormRead } from '../lib/form-read';
import type { RouterOutputs } from '../lib/trpc';

type TField = RouterOutputs['forms']['get']['fields'][number];
type TCaptchaProvider = NonNullable<TFormRead['publicSubmissions']['captcha']>['provider'];

/** A plausible value of each field, so the copied example is accepted as it is. */
function sampleValue(field: TField): unknown {
  switch (field.type) {
    case 'email':
      return 'you@example.com';
    case 'number':
      return 1;
    case 'rating':
      return 5;
    case 'checkbox':
      return true;
    case 'date':
      return '2026-01-31';
    case 'url':
      return 'https://example.com';
    case 'tel':
      return '+1 555 0100';
    case 'select':
    case 'radio':
      return field.options?.[0] ?? '';
    default:
      return field.label;
  }
}

function sampleData(fields: TField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, sampleValue(field)]));
}

/** The server side: any backend with a full key (scope submissions:write). */
export function curlSnippet(origin: string, formId: string, fields: TField[]): string {
  const body = JSON.stringify({ formId, data: sampleData(fields) });

  return [
    `curl -X POST '${origin}/api/v1/forms/submit' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'X-API-Key: YOUR_API_KEY' \\`,
    `  -d '${body.replaceAll("'", "'\\''")}'`,
  ].join('\n');
}

/** A web page's script: with an embed key, which only submits to this form from the listed origins. */
export function fetchSnippet(origin: string, formId: string, fields: TField[]): string {
  const body = JSON.stringify({ formId, data: sampleData(fields) }, null, 2).replaceAll('\n', '\n  ');

  return [
    `const response = await fetch('${origin}/api/v1/forms/submit', {`,
    `  method: 'POST',`,
    `  headers: { 'Content-Type': 'application/json', 'X-API-Key': 'YOUR_EMBED_KEY' },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
  ].join('\n');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Owners' labels and options go into HTML attributes and text: escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const INPUT_TYPES = new Set(['text', 'email', 'number', 'date', 'url', 'tel']);

function fieldHtml(field: TField): string[] {
  const name = escapeHtml(field.name);
  const label = escapeHtml(field.label);
  const required = field.required ? ' required' : '';
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
  const options = field.options ?? [];
  switch (field.type) {
    case 'textarea':
      return [`  <label>${label} <textarea name="${name}"${placeholder}${required}></textarea></label>`];
    case 'checkbox':
      return [`  <label><input type="checkbox" name="${name}" value="true"${required}> ${label}</label>`];
    case 'select':
      return [
        `  <label>${label} <select name="${name}"${required}>`,
        ...options.map((option) => `    <option>${escapeHtml(option)}</option>`),
        '  </select></label>',
      ];
    case 'radio':
      return [
        `  <fieldset><legend>${label}</legend>`,
        ...options.map(
          (option) =>
            `    <label><input type="radio" name="${name}" value="${escapeHtml(option)}"${required}> ${escapeHtml(option)}</label>`,
        ),
        '  </fieldset>',
      ];
    case 'rating':
      return [`  <label>${label} <input type="number" name="${name}" min="1" max="5"${required}></label>`];
    case 'file': {
      const accept = field.accept?.length ? ` accept="${escapeHtml(field.accept.join(','))}"` : '';
      const multiple = (field.multiple ?? 1) > 1 ? ' multiple' : '';

      return [`  <label>${label} <input type="file" name="${name}"${accept}${multiple}${required}></label>`];
    }
    default: {
      const type = INPUT_TYPES.has(field.type) ? field.type : 'text';

      return [`  <label>${label} <input type="${type}" name="${name}"${placeholder}${required}></label>`];
    }
  }
}

/** Each provider's widget: it adds its token to the form as a hidden field inside this element. */
const CAPTCHA_WIDGETS: Record<TCaptchaProvider, string> = {
  turnstile: '  <div class="cf-turnstile" data-sitekey="YOUR_SITE_KEY"></div>',
  hcaptcha: '  <div class="h-captcha" data-sitekey="YOUR_SITE_KEY"></div>',
  recaptcha: '  <div class="g-recaptcha" data-sitekey="YOUR_SITE_KEY"></div>',
};

/**
 * A plain HTML form posting to the keyless endpoint (public submissions must be on). `_gotcha` is
 * the honeypot: hidden from people, filled in by bots, whose posts are then dropped. Browsers send
 * fields in page order, and the server checks the honeypot and the CAPTCHA token before it stores
 * a file: both come first, and a form with file inputs is sent as multipart/form-data.
 */
export function htmlFormSnippet(
  origin: string,
  formId: string,
  fields: TField[],
  captcha: TCaptchaProvider | null = null,
): string {
  const enctype = fields.some((field) => field.type === 'file') ? ' enctype="multipart/form-data"' : '';

  return [
    `<form action="${origin}/f/${encodeURIComponent(formId)}" method="POST"${enctype}>`,
    '  <input type="text" name="_gotcha" style="display:none" tabindex="-1" autocomplete="off">',
    ...(captcha ? [CAPTCHA_WIDGETS[captcha]] : []),
    ...fields.flatMap(fieldHtml),
    '  <button type="submit">Send</button>',
    '</form>',
  ].join('\n');
}
