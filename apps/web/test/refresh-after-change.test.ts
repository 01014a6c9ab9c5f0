import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ServerUnreachableError } from '../src/connection/unreachable';
import { refreshAfter, refreshQueries } from '../src/refresh-after-change';

/** A server whose answer changes once a change lands; a read answers what was stored when it arrived. */
function slowServer() {
  let stored = 'before';
  return {
    land: () => {
      stored = 'after';
    },
    read: () => {
      const answer = stored;
      return new Promise<string>((resolve) => {
        setTimeout(() => {
          resolve(answer);
        }, 10);
      });
    },
  };
}

describe('refreshQueries', () => {
  it('fetches again a query on screen whose first read left before the change landed', async () => {
    const server = slowServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(queryClient, { queryKey: [['mcp', 'history']], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    // The view opened while the change was on its way: its first read is in flight.
    await Promise.resolve();
    server.land();

    await refreshQueries(queryClient, { queryKey: [['mcp']] });

    expect(observer.getCurrentResult()).toMatchObject({ data: 'after', status: 'success' });
    unsubscribe();
    queryClient.clear();
  });

  it('leaves alone the queries outside the filter', async () => {
    const server = slowServer();
    const queryClient = new QueryClient();
    queryClient.setQueryData([['system', 'info']], 'kept');
    const observer = new QueryObserver(queryClient, {
      queryKey: [['system', 'info']],
      queryFn: server.read,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    server.land();

    await refreshQueries(queryClient, { queryKey: [['mcp']] });

    expect(observer.getCurrentResult().data).toBe('kept');
    unsubscribe();
    queryClient.clear();
  });
});

describe('refreshAfter', () => {
  /** A query on screen whose next read never answers, as with a server gone quiet. */
  function unansweredQuery(queryClient: QueryClient) {
    let reads = 0;
    queryClient.setQueryData([['mcp', 'list']], 'shown');
    const observer = new QueryObserver(queryClient, {
      queryKey: [['mcp', 'list']],
      // Read only when refreshed.
      staleTime: Infinity,
      queryFn: () => {
        reads += 1;
        return new Promise<string>(() => undefined);
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    return { reads: () => reads, unsubscribe };
  }
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(() => 'settled'),
      new Promise((resolve) => setTimeout(resolve, 50, 'waiting')),
    ]);

  it('after a change that could not reach the server, asks the list again without waiting for it', async () => {
    const queryClient = new QueryClient();
    const query = unansweredQuery(queryClient);
    // As tRPC's client error wraps what watchedFetch threw.
    const error = new Error('fetch failed', {
      cause: new ServerUnreachableError('MCP Admin could not be reached'),
    });

    await expect(settled(refreshAfter(queryClient, { queryKey: [['mcp']] }, error))).resolves.toBe('settled');
    expect(query.reads()).toBe(1);
    query.unsubscribe();
    queryClient.clear();
  });

  it('after any other outcome, waits until the list has been read again', async () => {
    const queryClient = new QueryClient();
    const query = unansweredQuery(queryClient);

    for (const error of [null, new Error('Claude Code refused the name')]) {
      await expect(settled(refreshAfter(queryClient, { queryKey: [['mcp']] }, error))).resolves.toBe(
        'waiting',
      );
    }
    query.unsubscribe();
    queryClient.clear();
  });
});
