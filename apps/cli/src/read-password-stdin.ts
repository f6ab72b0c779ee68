import { CliError } from './cli-error.js';

/**
 * The password piped on standard input (`--password-stdin`), so it never appears in the process
 * list or the shell history. One trailing line break, as `echo` and here-strings add, is not part
 * of the password.
 */
export async function readPasswordFromStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password === '') {
    throw new CliError('--password-stdin: no password on standard input');
  }

  return password;
}
