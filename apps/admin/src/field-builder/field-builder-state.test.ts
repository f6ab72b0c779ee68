import { describe, expect, test } from 'vitest';

import {
  fieldBuilderReducer,
  fromStoredFields,
  nameFromLabel,
  toFieldInputs,
  validateFields,
  type TBuilderField,
} from './field-builder-state';

function build(...actions: Parameters<typeof fieldBuilderReducer>[1][]): TBuilderField[] {
  return actions.reduce(fieldBuilderReducer, [] as TBuilderField[]);
}

describe('field builder state', () => {
  test('a new row is an optional short-text field with no name yet', () => {
    expect(build({ kind: 'add', key: 'a' })).toEqual([
      {
        key: 'a',
        label: '',
        name: '',
        type: 'text',
        required: false,
        placeholder: '',
        optionsText: '',
        acceptText: '',
        maxSizeMb: '',
        multiple: '1',
      },
    ]);
  });

  test('the name follows the label until the owner types a name of their own', () => {
    const named = build(
      { kind: 'add', key: 'a' },
      { kind: 'change', key: 'a', changes: { label: 'Your e-mail Address' } },
    );
    expect(named[0]?.name).toBe('your_e_mail_address');

    const own = fieldBuilderReducer(named, { kind: 'change', key: 'a', changes: { name: 'email' } });
    const relabelled = fieldBuilderReducer(own, { kind: 'change', key: 'a', changes: { label: 'Email' } });
    expect(relabelled[0]).toMatchObject({ label: 'Email', name: 'email' });
  });

  test('move swaps neighbours and stops at either end', () => {
    const three = build({ kind: 'add', key: 'a' }, { kind: 'add', key: 'b' }, { kind: 'add', key: 'c' });
    const keys = (fields: TBuilderField[]) => fields.map((field) => field.key);

    expect(keys(fieldBuilderReducer(three, { kind: 'move', key: 'c', by: -1 }))).toEqual(['a', 'c', 'b']);
    expect(keys(fieldBuilderReducer(three, { kind: 'move', key: 'a', by: 1 }))).toEqual(['b', 'a', 'c']);
    expect(fieldBuilderReducer(three, { kind: 'move', key: 'a', by: -1 })).toBe(three);
    expect(fieldBuilderReducer(three, { kind: 'move', key: 'c', by: 1 })).toBe(three);
    expect(keys(fieldBuilderReducer(three, { kind: 'remove', key: 'b' }))).toEqual(['a', 'c']);
  });

  test('validation names the row: empty name, duplicate name, reserved name, missing options', () => {
    const fields = build(
      { kind: 'add', key: 'empty' },
      { kind: 'add', key: 'first' },
      { kind: 'change', key: 'first', changes: { name: 'email' } },
      { kind: 'add', key: 'dup' },
      { kind: 'change', key: 'dup', changes: { name: 'email' } },
      { kind: 'add', key: 'reserved' },
      { kind: 'change', key: 'reserved', changes: { name: '_gotcha' } },
      { kind: 'add', key: 'choice' },
      { kind: 'change', key: 'choice', changes: { name: 'plan', type: 'select', optionsText: ' \n ' } },
    );
    const problems = validateFields(fields);

    expect([...problems.keys()]).toEqual(['empty', 'dup', 'reserved', 'choice']);
    expect(problems.get('dup')).toContain('"email"');
    expect(problems.get('choice')).toContain('option');
  });

  test('saved fields keep the order shown; options only for choice types; blanks dropped', () => {
    const fields = build(
      { kind: 'add', key: 'a' },
      { kind: 'change', key: 'a', changes: { label: 'Plan', type: 'radio', optionsText: 'Free\n\n Pro \n' } },
      { kind: 'add', key: 'b' },
      {
        kind: 'change',
        key: 'b',
        changes: { label: 'Email', type: 'email', required: true, placeholder: ' you@' },
      },
      { kind: 'move', key: 'b', by: -1 },
    );

    expect(validateFields(fields).size).toBe(0);
    expect(toFieldInputs(fields)).toEqual([
      { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@' },
      { name: 'plan', label: 'Plan', type: 'radio', required: false, options: ['Free', 'Pro'] },
    ]);
  });

  test('a stored form round-trips through the builder unchanged', () => {
    const stored = [
      { id: 'name', name: 'name', label: 'Name', type: 'text', required: true },
      { id: 'size', name: 'size', label: 'Size', type: 'select', required: false, options: ['S', 'M'] },
    ];

    expect(toFieldInputs(fromStoredFields(stored))).toEqual([
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'size', label: 'Size', type: 'select', required: false, options: ['S', 'M'] },
    ]);
  });

  test('nameFromLabel keeps only characters a field name may hold', () => {
    expect(nameFromLabel('  $Price (USD).  ')).toBe('price_usd');
  });
});
