import type { PastedServer } from './paste/parse-pasted';

/** A value the prefilled entry asks for: a field of the add form, labelled by its name. */
export interface PrefillInput {
  name: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  /** Filled in the field to start with. */
  default?: string;
  /** The only values it takes: a choice list. */
  choices?: string[];
  /** The registry's `format` (`number`, `boolean`, `filepath`, `string`). */
  format?: string;
  /** The `${VAR}` the entry holds in its place when no value was given. */
  reference: string;
}

/** What another part of the panel (Discover) opens the add form with. */
export interface AddFormPrefill {
  /** New for each fill: the same server chosen twice fills the form twice. */
  id: number;
  /** Where the entry comes from, said above the fields. */
  source: string;
  server: PastedServer;
  inputs: PrefillInput[];
  /** The arguments the registry entry adds to its runner's argv, labelled as the registry's. */
  registryArguments?: { runner: string; runtime: string[]; package: string[] };
  /**
   * The entry again with these values of its inputs (by input name) put where the registry says;
   * an input given none is left as the registry leaves it. Rejects with why it cannot.
   */
  withValues?: (
    values: Readonly<Record<string, string>>,
  ) => Promise<Pick<AddFormPrefill, 'server' | 'registryArguments'>>;
}
