/** A usage or input mistake: printed as one line on stderr, exit code 2. */
export class CliError extends Error {
  override readonly name = 'CliError';
  /** Whether the line points at `--help`: not for a value the command refuses for what it is. */
  readonly pointsToUsage: boolean;

  constructor(message: string, { pointsToUsage = true }: { pointsToUsage?: boolean } = {}) {
    super(message);
    this.pointsToUsage = pointsToUsage;
  }
}
