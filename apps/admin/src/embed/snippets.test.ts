import { describe, expect, test } from 'vitest';

import { curlSnippet, fetchSnippet, htmlFormSnippet } from './snippets';

const origin = 'http://localhost:3000';
const fields = [
  { id: 'name', name: 'name', label: 'Your <name>', type: 'text', required: true },
  { id: 'email', name: 'email', label: 'Email', type: 'email', required: false },
  { id: 'plan', name: 'plan', label: 'Plan', type: 'select', required: false, options: ['Free', 'O"Pro'] },
];

describe('embed snippets', () => {
  test('curl posts the form id and a value for every field, quoted for the shell', () => {
    const snippet = curlSnippet(origin, 'f1', [
      ...fields,
      { id: 'note', name: 'note', label: "it's", type: 'text', required: false },
    ]);

    expect(snippet).toContain(`curl -X POST 'http://localhost:3000/api/v1/forms/submit'`);
    expect(snippet).toContain(`-H 'X-API-Key: YOUR_API_KEY'`);
    // The single quote of the label is closed, escaped and reopened for sh.
    expect(snippet).toContain(`"note":"it'\\''s"`);
    expect(snippet).toContain('"formId":"f1"');
    expect(snippet).toContain('"email":"you@example.com"');
    expect(snippet).toContain('"plan":"Free"');
  });

  test('fetch sends the embed key and the JSON body', () => {
    const snippet = fetchSnippet(origin, 'f1', fields);

    expect(snippet).toContain(`fetch('http://localhost:3000/api/v1/forms/submit'`);
    expect(snippet).toContain(`'X-API-Key': 'YOUR_EMBED_KEY'`);
    expect(snippet).toContain('"formId": "f1"');
  });

  test('the HTML form posts to /f/{formId}, escapes owner text, and carries the honeypot', () => {
    const snippet = htmlFormSnippet(origin, 'f1', fields);

    expect(snippet).toContain('<form action="http://localhost:3000/f/f1" method="POST">');
    expect(snippet).toContain('Your &lt;name&gt; <input type="text" name="name" required>');
    expect(snippet).toContain('<input type="email" name="email">');
    expect(snippet).toContain('<option>O&quot;Pro</option>');
    expect(snippet).toContain('name="_gotcha"');
  });

  test('a form with files is sent as multipart, with the honeypot and the CAPTCHA widget before the files', () => {
    const snippet = htmlFormSnippet(
      origin,
      'f1',
      [
        ...fields,
        { id: 'cv', name: 'cv', label: 'CV', type: 'file', required: true, accept: ['.pdf'], multiple: 2 },
      ],
      'turnstile',
    );

    expect(snippet).toContain('method="POST" enctype="multipart/form-data">');
    expect(snippet).toContain('<input type="file" name="cv" accept=".pdf" multiple required>');
    const file = snippet.indexOf('type="file"');
    expect(snippet.indexOf('name="_gotcha"')).toBeLessThan(file);
    expect(snippet.indexOf('class="cf-turnstile"')).toBeGreaterThan(0);
    expect(snippet.indexOf('class="cf-turnstile"')).toBeLessThan(file);
    expect(htmlFormSnippet(origin, 'f1', fields)).not.toContain('enctype');
  });
});
