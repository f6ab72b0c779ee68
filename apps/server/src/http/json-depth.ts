/** How deep a JSON body may nest: deeper values would make recursive walkers (ours, tRPC's,
 * JSON.stringify) overflow the stack, and no form needs more. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests objects/arrays deeper than `maxDepth`, found by one flat pass over the
 * raw text (no recursion, no parse), so it is safe on any input, valid JSON or not. Brackets inside
 * strings do not count.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) {
        index++; // the escaped character cannot end the string
      } else if (char === QUOTE) {
        inString = false;
      }
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) {
        return true;
      }
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth--;
    }
  }

  return false;
}
