import { describe, expect, test } from 'vitest';

import { recipientConfirmEmail } from './recipient-confirm-email.js';

const URL = 'https://forms.example.com/notifications/confirm#token=abc';

describe('recipientConfirmEmail', () => {
  test('quotes a short form name whole, on one line, escaped in the HTML', () => {
    const mail = recipientConfirmEmail({ to: 'a@example.com', formName: ' Leads\n <b>x</b> ', url: URL });
    expect(mail.text).toContain('the form "Leads <b>x</b>" on Formwell');
    expect(mail.html).toContain('Leads &lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>x</b>');
  });

  test("cuts a long name to 40 characters, so it cannot carry a message of the adder's choosing", () => {
    const formName = `Urgent: your account is suspended, call ${'9'.repeat(60)}`;
    const mail = recipientConfirmEmail({ to: 'a@example.com', formName, url: URL });
    const quoted = /the form "([^"]*)" on Formwell/.exec(mail.text)?.[1];
    expect(quoted).toBe(`${formName.slice(0, 39)}…`);
    expect(quoted).toHaveLength(40);
    expect(mail.text).not.toContain(formName.slice(0, 41));
  });

  test('keeps a name of exactly 40 characters whole', () => {
    const formName = 'x'.repeat(40);
    expect(recipientConfirmEmail({ to: 'a@example.com', formName, url: URL }).text).toContain(
      `"${formName}"`,
    );
  });
});
