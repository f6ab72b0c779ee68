import { cpus, hostname, totalmem, type as osType, arch } from 'node:os';
import { MongoCommandError, show } from '../errors.js';
import type { CommandDef } from './types.js';

/** Read-only diagnostics mongosh and Compass ask for on connect, answered as a standalone would. */
export const diagnosticCommands: Record<string, CommandDef> = {
  hostInfo: {
    options: [],
    run: () => ({
      system: {
        hostname: hostname(),
        cpuArch: arch(),
        numCores: cpus().length,
        memSizeMB: Math.round(totalmem() / 1048576),
      },
      os: { type: osType(), name: osType() },
      extra: {},
    }),
  },
  getCmdLineOpts: {
    options: [],
    run: () => ({ argv: ['embedded-mongo'], parsed: {} }),
  },
  getLog: {
    options: [],
    run: (ctx) => {
      const which = ctx.body.getLog;
      if (which === '*') return { names: ['global', 'startupWarnings'] };
      if (which !== 'global' && which !== 'startupWarnings') {
        throw new MongoCommandError(2, 'BadValue', `No log named '${show(which)}'`);
      }
      return { totalLinesWritten: 0, log: [] };
    },
  },
  whatsmyuri: { options: [], run: () => ({ you: '127.0.0.1' }) },
};
