import { describe, expect, it } from 'vitest';
import type { PrefillInput } from '../src/add-form/prefill';
import { givenValues, initialInputValues, missingInputs } from '../src/add-form/RegistryInputs';

const inputs: PrefillInput[] = [
  { name: 'units', isRequired: false, isSecret: false, default: 'metric', reference: '${UNITS}' },
  { name: 'OWM_API_KEY', isRequired: true, isSecret: true, reference: '${OWM_API_KEY}' },
  { name: 'TOKEN', isRequired: false, isSecret: true, default: 'not-shown', reference: '${TOKEN}' },
  { name: 'db_path', isRequired: true, isSecret: false, reference: '${DB_PATH}' },
];

describe('the fields of a registry entry’s inputs', () => {
  it('start from each default, never a secret’s, and send only the values typed', () => {
    const values = initialInputValues(inputs);
    expect(values).toEqual({ units: 'metric', OWM_API_KEY: '', TOKEN: '', db_path: '' });
    expect(givenValues({ ...values, db_path: '  ' })).toEqual({ units: 'metric' });
  });

  it('name each required input left empty (blanks count as empty), and none once each has a value or a ${VAR}', () => {
    expect(Object.keys(missingInputs(inputs, { OWM_API_KEY: ' ', db_path: '' }))).toEqual([
      'OWM_API_KEY',
      'db_path',
    ]);
    expect(missingInputs(inputs, { OWM_API_KEY: '' }).OWM_API_KEY).toBe(
      'OWM_API_KEY is required: the server cannot start without it. Type its value, or ${OWM_API_KEY} to have Claude Code take it from its environment.',
    );
    expect(missingInputs(inputs, { OWM_API_KEY: '${OWM_API_KEY}', db_path: '/data/app.db' })).toEqual({});
  });
});
