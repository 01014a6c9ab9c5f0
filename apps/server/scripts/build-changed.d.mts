/** The types of build-changed.mjs (plain JavaScript, so that `pnpm start` needs no tsx to check it). */
export interface BuildTarget {
  name: string;
  /** Folders and files, relative to the root; a folder's node_modules, dist and test are not inputs. */
  inputs: string[];
  /** Relative to the root. */
  output: string;
  command: [string, string[]];
}

export const START_TARGETS: BuildTarget[];

export function buildChanged(root?: string, targets?: BuildTarget[]): string[];
