import { describe, expect, test } from 'vitest';

import { csvCell } from './csv-cell.js';
import { neutraliseCsvCell } from './neutralise-csv-cell.js';

describe('CSV cells', () => {
  test.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('%j gets a leading quote', (value) => {
    expect(neutraliseCsvCell(value)).toBe(`'${value}`);
  });

  test.each([
    ['hi;=1+1', "hi;'=1+1"],
    ['a,+1', "a,'+1"],
    ['a|@x', "a|'@x"],
    ['\t=1', "'\t'=1"],
    ['line\n-2', "line\n'-2"],
    ['say "=1"', `say "'=1"`],
    ['\uFF1D1', "'\uFF1D1"],
    ['\u0000=1', "'\u0000=1"],
  ])('a formula start after a separator is neutralised too: %j', (value, expected) => {
    expect(neutraliseCsvCell(value)).toBe(expected);
  });

  test('ordinary text is untouched', () => {
    expect(neutraliseCsvCell('hello =x')).toBe('hello =x');
    expect(neutraliseCsvCell('a - b; c')).toBe('a - b; c');
    expect(neutraliseCsvCell('')).toBe('');
  });

  test('values become cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(['a', 'b'])).toBe('a; b');
    expect(csvCell({ x: 1 })).toBe('{"x":1}');
    expect(csvCell(['=1', 'b'])).toBe("'=1; b");
  });
});
