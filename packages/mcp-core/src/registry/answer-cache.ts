/**
 * Registry answers kept for a while: the registry changes slowly, and a person paging back and
 * forth or opening the same server twice should not wait for it again. Bounded in count; failures
 * are never kept.
 */
export interface AnswerCache<Value> {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
}

export function createAnswerCache<Value>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): AnswerCache<Value> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Value; expires: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit === undefined) return undefined;
      if (hit.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + options.ttlMs });
      // A Map iterates in insertion order: the first key is the oldest.
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
  };
}
