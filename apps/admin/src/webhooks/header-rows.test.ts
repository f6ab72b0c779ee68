import { expect, test } from 'vitest';

import { toHeaderInputs } from './header-rows';

test('empty rows go, half-filled rows stay for the server to name, text is trimmed', () => {
  expect(
    toHeaderInputs([
      { name: ' Authorization ', value: ' Bearer abc ' },
      { name: '', value: '' },
      { name: '  ', value: ' ' },
      { name: 'X-Only-Name', value: '' },
    ]),
  ).toEqual([
    { name: 'Authorization', value: 'Bearer abc' },
    { name: 'X-Only-Name', value: '' },
  ]);
});
