/** A JSON object (not an array, not null), whose members may be read as untrusted data. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
