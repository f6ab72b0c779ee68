import { expect, test } from 'vitest';

import { emailErrorCategory, EmailErrorCategory } from './email-error-category.js';

// Texts as nodemailer and Node word them (the stored `error` of a failed email).
test.each([
  ['Invalid login: 535 5.7.8 Authentication failed', EmailErrorCategory.REJECTED],
  [
    "Can't send mail - all recipients were rejected: 550 5.1.1 <a@b.example>: Recipient address rejected",
    EmailErrorCategory.REJECTED,
  ],
  ['Message failed: 554 5.7.1 relay.internal.corp rejected: spam', EmailErrorCategory.REJECTED],
  ['Data command failed: 451 4.3.0 Mail server temporarily rejected message', EmailErrorCategory.REJECTED],
  ['connect ECONNREFUSED 10.0.0.5:465', EmailErrorCategory.UNREACHABLE],
  ['getaddrinfo ENOTFOUND relay-550.internal.corp', EmailErrorCategory.UNREACHABLE],
  ['Connection timeout', EmailErrorCategory.UNREACHABLE],
  ['Greeting never received', EmailErrorCategory.UNREACHABLE],
  ['Unexpected socket close', EmailErrorCategory.FAILED],
])('%s → %s', (error, category) => {
  expect(emailErrorCategory(error)).toBe(category);
});
