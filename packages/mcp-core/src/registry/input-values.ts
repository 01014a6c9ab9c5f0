/**
 * The values a registry entry asks for (its inputs), and what goes in their place: the value the
 * caller gave, a fixed value, a `${VAR}` reference for a secret (Claude Code expands it from the
 * environment when it starts the server, so the secret is never stored), the default, and for a
 * required input nobody filled, a `${VAR}` reference too, named in `inputs` for the user to fill.
 */
import type { RegistryVariable } from './registry-answers';

/** One value the user is asked for. */
export interface RegistryInput {
  /** What `values` keys it by: an env var's or header's name, a variable's, an argument's hint. */
  name: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  default?: string;
  choices?: string[];
  /** The registry's `format` (`string`, `number`, `boolean`, `filepath`): how the panel asks for it. */
  format?: string;
  /** The `${VAR}` the entry holds when no value is given for it. */
  reference: string;
}

/** A value's declared fields (an env var, a header, an argument, a variable). */
export type InputFields = RegistryVariable & { variables?: Record<string, RegistryVariable> | undefined };

export class InputCollector {
  readonly inputs: RegistryInput[] = [];
  private readonly values: Readonly<Record<string, string>>;

  constructor(values: Readonly<Record<string, string>> = {}) {
    this.values = values;
  }

  /** The value of an input named `name`, or undefined when it has none and may be left out. */
  valueOf(name: string, fields: InputFields): string | undefined {
    if (fields.value !== undefined) return this.filled(fields.value, fields.variables);
    const given = Object.hasOwn(this.values, name) ? this.values[name] : undefined;
    const reference = `\${${referenceName(name)}}`;
    this.note(name, fields, reference);
    if (given !== undefined) return given;
    if (fields.isSecret === true) return reference;
    if (fields.default !== undefined) return fields.default;
    return fields.isRequired === true ? reference : undefined;
  }

  /** `template` with each `{variable}` it declares replaced by that variable's value. */
  filled(template: string, variables: Record<string, RegistryVariable> | undefined): string {
    if (variables === undefined) return template;
    return template.replace(/\{([A-Za-z0-9_.-]+)\}/g, (placeholder, name: string) => {
      const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
      if (variable === undefined) return placeholder;
      // Left out, an optional variable would break the template: it stays a reference to fill.
      return this.valueOf(name, variable) ?? `\${${referenceName(name)}}`;
    });
  }

  private note(name: string, fields: InputFields, reference: string): void {
    if (this.inputs.some((input) => input.name === name)) return;
    this.inputs.push({
      name,
      ...(fields.description !== undefined && { description: fields.description }),
      isRequired: fields.isRequired === true,
      isSecret: fields.isSecret === true,
      ...(fields.default !== undefined && { default: fields.default }),
      ...(fields.choices !== undefined && { choices: fields.choices }),
      ...(fields.format !== undefined && { format: fields.format }),
      reference,
    });
  }
}

/** An environment variable's name for an input: `db-path` → `DB_PATH`; an env var keeps its own. */
export function referenceName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name === name.toUpperCase()) return name;
  const upper = name
    .replace(/^-+/, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_');
  return /^[A-Z_]/.test(upper) ? upper : `_${upper}`;
}
