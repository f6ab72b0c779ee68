export declare class PidLockHeldError extends Error {
  constructor(message: string, details: { path: string; ownerPid: number | undefined });
  readonly path: string;
  /** The live owner's pid (this process's own when it holds the lock already); unknown if it kept changing. */
  readonly ownerPid: number | undefined;
}

export type PidLock = { path: string; release(): void };

export declare function acquirePidLock(path: string, options?: { mode?: number }): Promise<PidLock>;
