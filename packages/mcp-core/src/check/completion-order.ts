/**
 * The values of `promises` in the order they settle. A rejection is thrown when its turn comes;
 * the others are still awaited quietly, so abandoning the iteration leaves no unhandled rejection.
 */
export async function* inCompletionOrder<T>(promises: readonly Promise<T>[]): AsyncGenerator<T, void> {
  const pending = new Map(
    promises.map((promise, index) => [
      index,
      promise.then(
        (value) => ({ index, ok: true as const, value }),
        (error: unknown) => ({ index, ok: false as const, error }),
      ),
    ]),
  );
  while (pending.size > 0) {
    const outcome = await Promise.race(pending.values());
    pending.delete(outcome.index);
    if (!outcome.ok) throw outcome.error;
    yield outcome.value;
  }
}
