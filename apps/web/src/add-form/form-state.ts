import type { Scope } from '@mcp-admin/core/schemas';
import type { WritableServer } from '../rows';
import type { PastedServer } from './paste/parse-pasted';

export type FormTransport = 'stdio' | 'http' | 'sse';

export interface ListItem {
  id: number;
  value: string;
}

export interface Pair {
  id: number;
  key: string;
  value: string;
}

export type PairListName = 'env' | 'headers';

/**
 * Everything typed into the add form. Fields of both transports live here at once, so
 * switching between stdio and HTTP/SSE hides the other mode's fields without losing them.
 */
export interface AddFormState {
  name: string;
  scope: Scope;
  transport: FormTransport;
  command: string;
  args: ListItem[];
  env: Pair[];
  url: string;
  headers: Pair[];
  /** Source of the stable row ids React keys rows by (rows can be reordered). */
  nextId: number;
}

export type AddFormAction =
  | { type: 'set'; field: 'name' | 'command' | 'url'; value: string }
  | { type: 'setScope'; scope: Scope }
  | { type: 'setTransport'; transport: FormTransport }
  | { type: 'addArg' }
  | { type: 'setArg'; id: number; value: string }
  | { type: 'moveArg'; index: number; offset: -1 | 1 }
  | { type: 'deleteArg'; id: number }
  | { type: 'addPair'; list: PairListName }
  | { type: 'setPair'; list: PairListName; id: number; part: 'key' | 'value'; value: string }
  | { type: 'deletePair'; list: PairListName; id: number }
  | { type: 'fill'; server: PastedServer }
  | { type: 'reset'; scope?: Scope };

export const initialAddFormState: AddFormState = {
  name: '',
  scope: 'local',
  transport: 'stdio',
  command: '',
  args: [],
  env: [],
  url: '',
  headers: [],
  nextId: 1,
};

export function addFormReducer(state: AddFormState, action: AddFormAction): AddFormState {
  switch (action.type) {
    case 'set':
      return { ...state, [action.field]: action.value };
    case 'setScope':
      return { ...state, scope: action.scope };
    case 'setTransport':
      return { ...state, transport: action.transport };
    case 'addArg':
      return { ...state, args: [...state.args, { id: state.nextId, value: '' }], nextId: state.nextId + 1 };
    case 'setArg':
      return {
        ...state,
        args: state.args.map((item) => (item.id === action.id ? { ...item, value: action.value } : item)),
      };
    case 'moveArg':
      return { ...state, args: moved(state.args, action.index, action.index + action.offset) };
    case 'deleteArg':
      return { ...state, args: state.args.filter((item) => item.id !== action.id) };
    case 'addPair':
      return {
        ...state,
        [action.list]: [...state[action.list], { id: state.nextId, key: '', value: '' }],
        nextId: state.nextId + 1,
      };
    case 'setPair':
      return {
        ...state,
        [action.list]: state[action.list].map((pair) =>
          pair.id === action.id ? { ...pair, [action.part]: action.value } : pair,
        ),
      };
    case 'deletePair':
      return { ...state, [action.list]: state[action.list].filter((pair) => pair.id !== action.id) };
    case 'fill':
      return filled(state, action.server);
    case 'reset':
      return {
        ...initialAddFormState,
        scope: action.scope ?? initialAddFormState.scope,
        nextId: state.nextId,
      };
  }
}

/** A stored server as the form edits it: a row of `mcp.list` read with `reveal`, the fields it has boxes for. */
export type EditedServer = Pick<
  WritableServer,
  'name' | 'scope' | 'transport' | 'command' | 'args' | 'env' | 'url' | 'headers'
>;

/** The form filled with `server`'s entry, each list row with an id of its own. */
export function formStateFor(server: EditedServer): AddFormState {
  const args = (server.args ?? []).map((value, index) => ({ id: index + 1, value }));
  const pairsFrom = (map: Record<string, string> | undefined, firstId: number) =>
    Object.entries(map ?? {}).map(([key, value], index) => ({ id: firstId + index, key, value }));
  const env = pairsFrom(server.env, args.length + 1);
  const headers = pairsFrom(server.headers, args.length + env.length + 1);
  return {
    name: server.name,
    scope: server.scope,
    // A shape Claude Code would not start has no transport to show: the form starts from stdio.
    transport: server.transport === 'unknown' ? 'stdio' : server.transport,
    command: server.command ?? '',
    args,
    env,
    url: server.url ?? '',
    headers,
    nextId: args.length + env.length + headers.length + 1,
  };
}

/**
 * The form with what a pasted command or entry says: its transport's fields replaced whole, the
 * name and scope only when it gives them (a name already typed stays), the other transport's kept.
 */
function filled(state: AddFormState, server: PastedServer): AddFormState {
  let nextId = state.nextId;
  const pairs = (entries: readonly [string, string][] | undefined): Pair[] =>
    (entries ?? []).map(([key, value]) => ({ id: nextId++, key, value }));
  const base = {
    ...state,
    name: server.name !== undefined && state.name.trim() === '' ? server.name : state.name,
    scope: server.scope ?? state.scope,
    transport: server.transport,
  };
  if (server.transport === 'stdio') {
    const args = (server.args ?? []).map((value) => ({ id: nextId++, value }));
    const env = pairs(server.env);
    return { ...base, command: server.command ?? '', args, env, nextId };
  }
  const headers = pairs(server.headers);
  return { ...base, url: server.url ?? '', headers, nextId };
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const item = items[from];
  if (item === undefined || to < 0 || to >= items.length) return [...items];
  const rest = items.filter((_, index) => index !== from);
  return [...rest.slice(0, to), item, ...rest.slice(to)];
}
