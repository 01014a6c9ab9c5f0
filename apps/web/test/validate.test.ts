import { describe, expect, it } from 'vitest';
import { addFormReducer, initialAddFormState, type AddFormAction } from '../src/add-form/form-state';
import { editedFields, validateAddForm } from '../src/add-form/validate';

const PROJECT = '/work/project';

function form(...actions: AddFormAction[]) {
  return actions.reduce(addFormReducer, initialAddFormState);
}

describe('validateAddForm', () => {
  it('sends only the chosen transport’s fields, with the project for local scope', () => {
    const state = form(
      { type: 'set', field: 'name', value: 'files' },
      { type: 'set', field: 'command', value: 'npx' },
      { type: 'addArg' },
      { type: 'setArg', id: 1, value: '-y' },
      { type: 'addPair', list: 'env' },
      { type: 'setPair', list: 'env', id: 2, part: 'key', value: 'TOKEN' },
      { type: 'setPair', list: 'env', id: 2, part: 'value', value: 'a=b' },
      { type: 'setTransport', transport: 'http' },
      { type: 'set', field: 'url', value: 'https://left.behind' },
      { type: 'setTransport', transport: 'stdio' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: true,
      input: {
        name: 'files',
        scope: 'local',
        projectPath: PROJECT,
        command: 'npx',
        args: ['-y'],
        env: { TOKEN: 'a=b' },
      },
    });
  });

  it('builds an SSE input for user scope without a project', () => {
    const state = form(
      { type: 'set', field: 'name', value: 'events' },
      { type: 'setScope', scope: 'user' },
      { type: 'setTransport', transport: 'sse' },
      { type: 'set', field: 'url', value: 'http://localhost:9000/sse' },
      { type: 'addPair', list: 'headers' },
      { type: 'setPair', list: 'headers', id: 1, part: 'key', value: 'Authorization' },
      { type: 'setPair', list: 'headers', id: 1, part: 'value', value: 'Bearer x' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: true,
      input: {
        name: 'events',
        scope: 'user',
        transport: 'sse',
        url: 'http://localhost:9000/sse',
        headers: { Authorization: 'Bearer x' },
      },
    });
  });

  it('puts each core rule’s message on the field that broke it', () => {
    const state = form(
      { type: 'set', field: 'name', value: '-bad' },
      { type: 'set', field: 'command', value: '   ' },
      { type: 'addArg' },
      { type: 'setArg', id: 1, value: 'tab\there' },
      { type: 'addPair', list: 'env' },
      { type: 'setPair', list: 'env', id: 2, part: 'key', value: '1X' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: false,
      errors: {
        name: 'It cannot start with “-”: Claude Code would read it as an option.',
        command: 'Fill this in.',
        'arg-1': 'Remove the invisible characters (tabs, line breaks) from it.',
        'env-key-2': 'Use letters, digits and “_” only, not starting with a digit (like API_KEY).',
      },
    });
  });

  it('flags a second row with the same variable name instead of silently dropping the first', () => {
    const state = form(
      { type: 'set', field: 'name', value: 'dup-env' },
      { type: 'set', field: 'command', value: 'node' },
      { type: 'addPair', list: 'env' },
      { type: 'setPair', list: 'env', id: 1, part: 'key', value: 'A' },
      { type: 'addPair', list: 'env' },
      { type: 'setPair', list: 'env', id: 2, part: 'key', value: 'A' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: false,
      errors: { 'env-key-2': '“A” is already listed above.' },
    });
  });

  it('reports rules about a whole list on that list', () => {
    const actions: AddFormAction[] = [
      { type: 'set', field: 'name', value: 'many' },
      { type: 'set', field: 'command', value: 'node' },
    ];
    for (let index = 0; index < 65; index++) actions.push({ type: 'addArg' });
    expect(validateAddForm(form(...actions), PROJECT)).toEqual({
      ok: false,
      errors: { args: 'At most 64 arguments.' },
    });
  });
});

describe('plain words', () => {
  it('says a name with a space in words and offers the name that would do', () => {
    const state = form(
      { type: 'set', field: 'name', value: 'puppeteer server' },
      { type: 'set', field: 'command', value: 'npx' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: false,
      errors: { name: 'Use only letters, digits, “-” and “_”, without spaces. “puppeteer-server” would do.' },
    });
  });

  it('says URL, header name and header value rules in words', () => {
    const state = form(
      { type: 'set', field: 'name', value: 'remote' },
      { type: 'setTransport', transport: 'http' },
      { type: 'set', field: 'url', value: 'ftp://example.com' },
      { type: 'addPair', list: 'headers' },
      { type: 'setPair', list: 'headers', id: 1, part: 'key', value: 'X Api Key' },
      { type: 'setPair', list: 'headers', id: 1, part: 'value', value: ' padded ' },
    );
    expect(validateAddForm(state, PROJECT)).toEqual({
      ok: false,
      errors: {
        url: 'Enter a full address starting with http:// or https://.',
        'headers-key-1': 'A header name has no spaces or “:” (like Authorization or X-Api-Key).',
        'headers-value-1': 'Remove the spaces at the start or end: Claude Code would drop them.',
      },
    });
  });
});

describe('editedFields', () => {
  it('sends an emptied list as empty, so the stored one is cleared rather than kept', () => {
    expect(editedFields({ name: 'files', scope: 'local', command: 'node', projectPath: PROJECT })).toEqual({
      name: 'files',
      scope: 'local',
      command: 'node',
      args: [],
      env: {},
      projectPath: PROJECT,
    });
    expect(editedFields({ name: 'web', scope: 'user', transport: 'sse', url: 'https://e.test' })).toEqual({
      name: 'web',
      scope: 'user',
      transport: 'sse',
      url: 'https://e.test',
      headers: {},
    });
  });
});
