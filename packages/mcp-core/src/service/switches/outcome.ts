/** What one on/off switch changed (see changes.ts), for the history to record. */
import type { StashedServer } from '../../config';
import type { Scope } from '../../schemas';
import type { ApprovalList } from '../../switch';
import type { Landed, StepOutcome } from '../engine';

/** What one switch changed, for the caller to record (it holds secrets: never an API answer). */
export type SwitchChange =
  /** user/local: the entry as stored, now in the stash (disable) or back in `.claude.json` (enable). */
  | { scope: 'user' | 'local'; stashed: StashedServer }
  /** project: the settings file whose approval lists changed, the list the name went to and the one it left. */
  | {
      scope: 'project';
      name: string;
      settingsFile: string;
      list: ApprovalList | undefined;
      previous: ApprovalList | undefined;
    };

/** A switch that landed: its answer and what it changed. */
export type SwitchLanded = Landed<SwitchChange>;

/** A switch that landed, or failed after it landed all the same (a user/local CLI call). */
export type SwitchOutcome = StepOutcome<SwitchChange>;

/** The server a switch turns on or off, with the project it is switched for (an existing dir). */
export interface SwitchTarget {
  name: string;
  scope: Scope;
  projectPath: string;
}
