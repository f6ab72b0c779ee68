import { randomBytes } from 'node:crypto';

/** A unique address per call, so tests in one database never collide on the email index. */
export function testEmail(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}
