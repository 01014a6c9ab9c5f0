/**
 * A tool's parameters as its input schema (JSON Schema, as the server sent it) declares them: each
 * property's name, its type in words, and whether it is required. Anything else in the schema is
 * the server's own and shown nowhere.
 */

export interface ToolParameter {
  name: string;
  /** `string`, `integer | null`, `array of string`, …; `any` when the schema names no type. */
  type: string;
  required: boolean;
}

export function toolParameters(schema: Record<string, unknown> | undefined): ToolParameter[] {
  const properties = schema?.properties;
  if (!isObject(properties)) return [];
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: required.includes(name),
  }));
}

function typeText(property: unknown): string {
  if (!isObject(property)) return 'any';
  const { type } = property;
  if (typeof type === 'string') {
    return type === 'array' && isObject(property.items) && typeof property.items.type === 'string'
      ? `array of ${property.items.type}`
      : type;
  }
  if (Array.isArray(type) && type.every((item) => typeof item === 'string')) return type.join(' | ');
  const choices = property.anyOf ?? property.oneOf;
  if (Array.isArray(choices) && choices.length > 0) return choices.map(typeText).join(' | ');
  if (Array.isArray(property.enum)) return 'enum';
  return 'any';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
