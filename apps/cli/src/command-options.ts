import type { TCoreConfig } from '@formwell/core';

/** What every CLI command gets from `runCli`: its own arguments and the process's core config. */
export type TCommandOptions = { args: string[]; config: TCoreConfig };
