/**
 * mulberry32: repeatable and evenly spread. (An LCG computed in doubles loses its low bits past 2^53
 * and falls into a short cycle, which left most quarter hours of a large form empty.)
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;

  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);

    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
