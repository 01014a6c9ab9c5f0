/**
 * Whether a package's runner (`npx`, `uvx`, `docker`) is on the PATH servers are started with;
 * looked up on each ask, so a runner installed while the panel runs is found.
 */
import { findOnPath } from '../cli';

export function runnerLookup(path: string): (command: string) => boolean {
  return (command) => findOnPath(command, path) !== undefined;
}
