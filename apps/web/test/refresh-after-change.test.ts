import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from '../src/refresh-after-change';

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
