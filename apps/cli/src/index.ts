export { runCli, USAGE } from './run-cli.js';
export { CliError } from './cli-error.js';
export { DEFAULT_MONGODB_URI } from './env.js';
