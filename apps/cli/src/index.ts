export { runCli, USAGE } from './run-cli.js';
export { CliError } from './cli-error.js';
