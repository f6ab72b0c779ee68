import { CliError } from './cli-error.js';

/**
 * The password (or another secret) piped on standard input (`--password-stdin`), so it never
 * appears in the process list or the shell history. One trailing line break, as `echo` and
 * here-strings add, is not part of the secret.
 */
export async function readPasswordFromStdin(
  stdin: NodeJS.ReadableStream = process.stdin,
  { option = '--password-stdin', what = 'password' }: { option?: string; what?: string } = {},
): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password === '') {
    throw new CliError(`${option}: no ${what} on standard input`);
  }

  return password;
}
