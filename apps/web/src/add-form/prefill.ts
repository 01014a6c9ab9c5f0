import type { PastedServer } from './paste/parse-pasted';

/** A value the prefilled entry asks for: given as a `${VAR}` reference unless it has one. */
export interface PrefillInput {
  name: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
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
}
