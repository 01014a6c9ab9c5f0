import { hideSecret } from '../config/server-normalizer';
import { isRecord } from '../records';

/** A stored entry with its env and header values replaced by REDACTED, keys kept. */
export function redactSecrets(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  return Object.fromEntries(
    Object.entries(entry).map(([field, value]) => [
      field,
      field === 'env' || field === 'headers' ? hideSecret(value) : value,
    ]),
  );
}
