import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh page: the connection state is one value per page, so each test loads the modules anew. */
async function freshPage() {
  vi.resetModules();
  const state = await import('../src/connection/connection-state');
  const { connectionLost } = await import('../src/ui/connection-lost');
  return { ...state, lost: () => connectionLost.get() };
}

let page: Awaited<ReturnType<typeof freshPage>>;
beforeEach(async () => {
  page = await freshPage();
});

describe('the connection state', () => {
  it('starts as reachable, before the stream first opens', () => {
    expect(page.lost()).toBe(false);
  });

  it('stays lost when a stopping server answers a request after it ended the stream', () => {
    page.reportStream('open');
    page.reportStream('lost');
    page.reportRequest(true);
    expect(page.lost()).toBe(true);
  });

  it('is lost when a request gets no answer, though the stream has not noticed yet', () => {
    page.reportStream('open');
    page.reportRequest(false);
    expect(page.lost()).toBe(true);
  });

  it('is back once the stream is open again and a request is answered', () => {
    page.reportStream('lost');
    page.reportRequest(false);
    page.reportStream('open');
    expect(page.lost()).toBe(true);
    page.reportRequest(true);
    expect(page.lost()).toBe(false);
  });
});
