import { describe, expect, test } from 'vitest';

import { DEFAULT_EMAIL_TEMPLATES } from './email-template-defaults.js';
import { quotesSubmitter, unknownPlaceholders } from './email-placeholders.js';
import { assertTemplatePlaceholders, placeholderProblem } from './z-email-template.js';
import { formEmailTemplate } from '../submission-email-templates.js';
import { renderEmailTemplate, type TEmailTemplateContext } from './render-email-template.js';

const context = (fields: Record<string, unknown>): TEmailTemplateContext => ({
  formName: 'Support <desk>',
  formUrl: 'https://forms.example/forms/abc',
  submissionId: '65f000000000000000000001',
  submissionCreatedAt: new Date('2026-03-01T10:00:00.000Z'),
  fields,
  labels: { message: 'Your message', email: 'Email address' },
});

describe('renderEmailTemplate', () => {
  test('the default notification lists labelled fields and links to the form page', () => {
    const out = renderEmailTemplate(
      DEFAULT_EMAIL_TEMPLATES.notification,
      context({ email: 'a@b.example', message: 'Hi <b>there</b>' }),
    );

    expect(out.subject).toBe('New submission to Support <desk>');
    expect(out.text).toContain('Email address: a@b.example');
    expect(out.text).toContain('Your message: Hi <b>there</b>');
    expect(out.text).toContain('See all submissions (https://forms.example/forms/abc)');
    expect(out.html).toContain('<h2>New submission to Support &lt;desk&gt;</h2>');
    expect(out.html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(out.html).toContain('<a href="https://forms.example/forms/abc">See all submissions</a>');
    expect(out.html).not.toContain('<b>there');
  });

  test('values are never read as Markdown or HTML, and script in the template itself stays text', () => {
    const out = renderEmailTemplate(
      {
        subject: 'x',
        body: '<script>alert(1)</script>\n\nFrom {{field.message}} at [site]({{field.url}})\n\n{{fields}}',
      },
      context({
        message: '[click](http://phish.example) **bold** <img src=x onerror=alert(1)>',
        url: 'javascript:alert(1)',
      }),
    );

    expect(out.html).not.toMatch(/<script|<img|onerror=alert\(1\)>|href="javascript/);
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).toContain('[click](http://phish.example) **bold** &lt;img src=x onerror=alert(1)&gt;');
    expect(out.html).toContain('<a href="#">site</a>');
    expect(out.html).toContain('<table');
    expect(out.text).toContain('From [click](http://phish.example) **bold**');
  });

  test('a subject is one line cut to 200 characters, whatever the values hold', () => {
    const out = renderEmailTemplate(
      { subject: '{{field.message}}', body: 'x' },
      context({ message: `Hello\r\nBcc: victim@example.com\n${'a'.repeat(10_000)}` }),
    );

    expect(out.subject).toHaveLength(200);
    expect(out.subject).not.toMatch(/[\r\n]/);
    expect(out.subject.startsWith('Hello Bcc: victim@example.com a')).toBe(true);
  });

  test('values keep their line breaks in the body', () => {
    const out = renderEmailTemplate(
      { subject: 's', body: 'Said:\n\n{{field.message}}' },
      context({ message: 'one\ntwo' }),
    );

    expect(out.text).toContain('one\ntwo');
    expect(out.html).toContain('<p>Said:</p>\n<p>one<br>\ntwo</p>');
  });

  test('a value inline in a paragraph keeps its line breaks in both parts, its text still escaped', () => {
    const out = renderEmailTemplate(
      { subject: 's', body: 'From {{field.email}}: {{field.message}} (end)' },
      context({ email: 'a@b.example', message: 'one\r\n<b>two</b>\nthree' }),
    );

    expect(out.text).toContain('From a@b.example: one\n<b>two</b>\nthree (end)');
    expect(out.html).toContain('<p>From a@b.example: one<br>\n&lt;b&gt;two&lt;/b&gt;<br>\nthree (end)</p>');
  });

  test('the default confirmation quotes nothing submitted', () => {
    const out = renderEmailTemplate(
      DEFAULT_EMAIL_TEMPLATES.confirmation,
      context({ message: 'URGENT verify at http://phish.example' }),
    );

    expect(out.text).not.toContain('phish');
    expect(out.html).not.toContain('phish');
    expect(out.subject).toBe('We received your submission to Support <desk>');
  });
});

describe('unknownPlaceholders', () => {
  test('names what the template language does not know, and fields the form does not have', () => {
    const template =
      '{{form.name}} {{ submission.id }} {{fields}} {{field.email}} {{user.password}} {{field.nope}} {{}}';

    expect(unknownPlaceholders(template)).toEqual(['user.password', '']);
    expect(unknownPlaceholders(template, ['email'])).toEqual(['user.password', 'field.nope', '']);
  });
});

describe('quoting the submitter', () => {
  const quoting = 'You wrote {{ fields }} as {{field.email}} to {{form.name}} ({{submission.id}})';

  test('what quotes the submitter is told apart from the form and service values', () => {
    expect(quotesSubmitter(quoting)).toBe(true);
    expect(quotesSubmitter('Thanks from {{form.name}} at {{submission.createdAt}}')).toBe(false);
  });

  test('both kinds may save a template that quotes the submitter; only unknown placeholders are refused', () => {
    const refusal = (emailSettings: Parameters<typeof assertTemplatePlaceholders>[0]['emailSettings']) => {
      try {
        assertTemplatePlaceholders({ emailSettings });
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(
      refusal({ confirmationTemplate: { subject: 'Re: {{field.message}}', body: '{{fields}}' } }),
    ).toBeNull();
    expect(refusal({ subject: 'You wrote {{fields}}' })).toBeNull();
    expect(refusal({ notificationTemplate: { body: '{{fields}} {{field.message}}' } })).toBeNull();
    expect(refusal({ confirmationTemplate: { subject: 'New {{nope}}' } })).toBe(
      `emailSettings.confirmationTemplate.subject: ${String(placeholderProblem('New {{nope}}'))}`,
    );
    expect(placeholderProblem('New {{nope}}')).toBe('Unknown placeholders: {{nope}}');
  });

  test('a confirmation to an unverified submitter gets the built-in part wherever the template quotes them', () => {
    const settings = {
      subject: 'Legacy {{field.email}}',
      notificationTemplate: null,
      confirmationTemplate: { subject: 'Thanks from {{form.name}}', body: 'You wrote {{fields}}' },
    };
    expect(formEmailTemplate('confirmation', settings, { mayQuoteSubmitter: false })).toEqual({
      subject: 'Thanks from {{form.name}}',
      body: DEFAULT_EMAIL_TEMPLATES.confirmation.body,
    });
    expect(formEmailTemplate('confirmation', settings, { mayQuoteSubmitter: true })).toEqual({
      subject: 'Thanks from {{form.name}}',
      body: 'You wrote {{fields}}',
    });
    const legacyOnly = { ...settings, confirmationTemplate: null };
    expect(formEmailTemplate('confirmation', legacyOnly, { mayQuoteSubmitter: false })).toEqual(
      DEFAULT_EMAIL_TEMPLATES.confirmation,
    );
    expect(formEmailTemplate('confirmation', legacyOnly, { mayQuoteSubmitter: true }).subject).toBe(
      'Legacy {{field.email}}',
    );
  });
});
