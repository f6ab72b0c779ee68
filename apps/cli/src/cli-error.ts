/** A usage or input mistake: printed as one line on stderr, exit code 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
}
