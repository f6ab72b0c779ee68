import type { TestSequencerConstructor } from 'vitest/node';

export declare function slowFirst(paths: string[]): TestSequencerConstructor;
