/**
 * Copies of JSON values read from config files, made without recursion: a file can nest a value
 * a hundred thousand levels deep, where `structuredClone` and any recursive walk overflow the stack.
 */

/** What stands in a shown copy for a container nested deeper than its limit. */
export function tooDeepText(maxDepth: number): string {
  return `(nested more than ${maxDepth} levels deep: not shown)`;
}

interface PendingCopy {
  from: object;
  to: Record<string, unknown> | unknown[];
  depth: number;
}

/**
 * A copy of `value`, exact by default. With `maxDepth`, containers (objects, arrays) nested deeper
 * than that, counting `value` itself as depth 1, are replaced by `tooDeepText(maxDepth)`: a copy
 * that can be shown and serialized.
 */
export function copyJson(value: unknown, maxDepth = Infinity): unknown {
  if (!isContainer(value)) return value;
  const root = emptyLike(value);
  const pending: PendingCopy[] = [{ from: value, to: root, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { from, to, depth } = next;
    for (const [key, member] of Object.entries(from)) {
      let copied: unknown = member;
      if (isContainer(member)) {
        if (depth >= maxDepth) {
          copied = tooDeepText(maxDepth);
        } else {
          copied = emptyLike(member);
          pending.push({ from: member, to: copied as PendingCopy['to'], depth: depth + 1 });
        }
      }
      if (Array.isArray(to)) to.push(copied);
      // Defined, not assigned: a `__proto__` key is data, as JSON.parse made it.
      else
        Object.defineProperty(to, key, {
          value: copied,
          writable: true,
          enumerable: true,
          configurable: true,
        });
    }
  }
  return root;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function emptyLike(value: object): Record<string, unknown> | unknown[] {
  return Array.isArray(value) ? [] : {};
}
