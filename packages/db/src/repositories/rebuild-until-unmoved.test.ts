import { describe, expect, test } from 'vitest';

import { rebuildUntilUnmoved, type TRebuildPass } from './rebuild-until-unmoved.js';

/** A pass that finds its versions moved `moves` times, then lands. */
function passMovingFor(moves: number) {
  let passes = 0;
  const pass = (): Promise<TRebuildPass<string>> => {
    passes += 1;

    return Promise.resolve(
      passes > moves ? { moved: false, result: `landed on pass ${passes}` } : { moved: true },
    );
  };

  return { pass, passes: () => passes };
}

const failure = (tries: number) => `kept moving during ${tries} passes`;

describe('rebuildUntilUnmoved', () => {
  test('passes again while the versions moved, and answers the first pass that landed', async () => {
    const busy = passMovingFor(3);
    expect(await rebuildUntilUnmoved({ pass: busy.pass, failure })).toBe('landed on pass 4');
    expect(busy.passes()).toBe(4);
  });

  test('throws after ten passes that all moved, or the attempts given', async () => {
    const endless = passMovingFor(Infinity);
    await expect(rebuildUntilUnmoved({ pass: endless.pass, failure })).rejects.toThrow(
      'kept moving during 10 passes',
    );
    expect(endless.passes()).toBe(10);

    const short = passMovingFor(Infinity);
    await expect(rebuildUntilUnmoved({ attempts: 2, pass: short.pass, failure })).rejects.toThrow(
      'kept moving during 2 passes',
    );
    expect(short.passes()).toBe(2);
  });
});
