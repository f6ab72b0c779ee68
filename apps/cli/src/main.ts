import { AppError, AppErrorCode, registerAuthEpochStore, requireAuthEpochStore } from '@formwell/core';
import { BackupFileError, connectDatabase, disconnectDatabase } from '@formwell/db';

import { CliError } from './cli-error.js';
import { maskUrlCredentials } from '@formwell/local-services';

import { authEpochConnection } from './auth-epoch-connection.js';
import { embeddedEngineAbsence } from './embedded-engine-absence.js';
import { cliEnv } from './env.js';
import { buildsIndexesAtConnect, runCli, USAGE } from './run-cli.js';

/** One line on stderr, no stack: operators and scripts read this. */
function describe(error: unknown): { line: string; exitCode: number } {
  if (error instanceof CliError) {
    const usage = error.pointsToUsage ? ' (run `formwell --help` for usage)' : '';

    return { line: `formwell: ${error.message}${usage}`, exitCode: 2 };
  }
  if (error instanceof AppError) {
    // An option value the command refuses (`--plan GOLD`, a bad `--email`) is an input mistake as
    // much as a missing option: exit 2. What failed on a valid request (not found, conflict) is 1.
    return { line: `formwell: ${error.message}`, exitCode: error.code === AppErrorCode.BAD_REQUEST ? 2 : 1 };
  }
  // node:util parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes on unknown or malformed options.
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    return { line: `formwell: ${error.message}`, exitCode: 2 };
  }
  // A file named on the command line that cannot be read or written (`restore --in`, `backup --out`),
  // or one that is no backup: the operator's input, not a failure of the command.
  if (error instanceof BackupFileError || isFileArgumentError(error)) {
    return { line: `formwell: ${error.message}`, exitCode: 2 };
  }

  return { line: `formwell: ${error instanceof Error ? error.message : String(error)}`, exitCode: 1 };
}

const FILE_ARGUMENT_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EEXIST']);

function isFileArgumentError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && FILE_ARGUMENT_ERRORS.has(String(error.code));
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // Asked for (also after a command, `user create --help`): the usage on stdout. No command at all
  // is a usage mistake: the usage on stderr, exit 2, so a script's output stays clean.
  if (argv.length === 0) {
    process.stderr.write(`${USAGE}\n`);

    return 2;
  }
  if (argv.includes('--help') || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);

    return 0;
  }
  let env: ReturnType<typeof cliEnv>;
  try {
    env = cliEnv();
  } catch (error) {
    const { line, exitCode } = describe(error);
    process.stderr.write(`${line}\n`);

    return exitCode;
  }
  const { MONGODB_URI, REDIS_URL, REDIS_CLUSTER, coreConfig, embedded } = env;
  const absence = embeddedEngineAbsence(MONGODB_URI, embedded);
  if (absence) {
    process.stderr.write(`formwell: ${absence}\n`);

    return 1;
  }
  try {
    await connectDatabase({
      uri: MONGODB_URI,
      serverSelectionTimeoutMS: 5_000,
      buildIndexes: buildsIndexesAtConnect(argv),
    });
  } catch (error) {
    const reason = maskUrlCredentials(error instanceof Error ? error.message : String(error));
    process.stderr.write(`formwell: cannot connect to the database (is \`npm start\` running?): ${reason}\n`);

    return 1;
  }
  requireAuthEpochStore();
  const authEpochs = authEpochConnection({ url: REDIS_URL, cluster: REDIS_CLUSTER });
  const unregisterAuthEpochs = registerAuthEpochStore(authEpochs);
  try {
    const result = await runCli({ argv, config: coreConfig });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

    return 0;
  } catch (error) {
    const { line, exitCode } = describe(error);
    process.stderr.write(`${line}\n`);

    return exitCode;
  } finally {
    unregisterAuthEpochs();
    authEpochs.close();
    await disconnectDatabase();
  }
}

process.exitCode = await main();
