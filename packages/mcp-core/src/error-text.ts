// The one way to turn anything thrown into words for a message.
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
