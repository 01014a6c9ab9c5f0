import { describe, expect, it } from 'vitest';
import {
  addFormReducer,
  formStateFor,
  initialAddFormState,
  type AddFormAction,
  type AddFormState,
} from '../src/add-form/form-state';

function apply(...actions: AddFormAction[]): AddFormState {
  return actions.reduce(addFormReducer, initialAddFormState);
}

describe('addFormReducer', () => {
  it('moves an argument up and down, and keeps rows with their ids', () => {
    const three = apply(
      { type: 'addArg' },
      { type: 'setArg', id: 1, value: 'a' },
      { type: 'addArg' },
      { type: 'setArg', id: 2, value: 'b' },
      { type: 'addArg' },
      { type: 'setArg', id: 3, value: '-c' },
    );
    expect(addFormReducer(three, { type: 'moveArg', index: 2, offset: -1 }).args).toEqual([
      { id: 1, value: 'a' },
      { id: 3, value: '-c' },
      { id: 2, value: 'b' },
    ]);
    expect(addFormReducer(three, { type: 'moveArg', index: 0, offset: 1 }).args).toEqual([
      { id: 2, value: 'b' },
      { id: 1, value: 'a' },
      { id: 3, value: '-c' },
    ]);
  });

  it('leaves the order alone when a move would leave the list', () => {
    const one = apply({ type: 'addArg' }, { type: 'setArg', id: 1, value: 'only' });
    expect(addFormReducer(one, { type: 'moveArg', index: 0, offset: -1 }).args).toEqual([
      { id: 1, value: 'only' },
    ]);
    expect(addFormReducer(one, { type: 'moveArg', index: 0, offset: 1 }).args).toEqual([
      { id: 1, value: 'only' },
    ]);
  });

  it('keeps the fields of both transports while switching between them', () => {
    const state = apply(
      { type: 'set', field: 'command', value: 'npx' },
      { type: 'addPair', list: 'env' },
      { type: 'setPair', list: 'env', id: 1, part: 'key', value: 'TOKEN' },
      { type: 'setTransport', transport: 'http' },
      { type: 'set', field: 'url', value: 'https://example.com' },
      { type: 'setTransport', transport: 'stdio' },
    );
    expect(state).toEqual({
      ...initialAddFormState,
      command: 'npx',
      env: [{ id: 1, key: 'TOKEN', value: '' }],
      url: 'https://example.com',
      nextId: 2,
    });
  });

  it('resets every field but keeps handing out fresh row ids', () => {
    const state = apply({ type: 'set', field: 'name', value: 'x' }, { type: 'addArg' }, { type: 'reset' });
    expect(state).toEqual({ ...initialAddFormState, nextId: 2 });
  });
});

describe('formStateFor', () => {
  it('fills the form with a listed entry, each row with an id of its own, the next id past them', () => {
    expect(
      formStateFor({
        name: 'files',
        scope: 'project',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'files'],
        env: { TOKEN: 's3cret' },
      }),
    ).toEqual({
      ...initialAddFormState,
      name: 'files',
      scope: 'project',
      command: 'npx',
      args: [
        { id: 1, value: '-y' },
        { id: 2, value: 'files' },
      ],
      env: [{ id: 3, key: 'TOKEN', value: 's3cret' }],
      nextId: 4,
    });
  });
});
