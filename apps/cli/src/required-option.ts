import { CliError } from './cli-error.js';

/** The value of a required `--name`, or a usage error naming it. */
export function requiredOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new CliError(`missing required option --${name}`);
  }

  return value;
}
