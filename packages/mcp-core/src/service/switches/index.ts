/**
 * Servers on and off: the lasting switch (`mcp.disable` / `mcp.enable`: the stash for user/local
 * servers, the approval lists for project ones), Claude Code's per-project toggle, the reset of
 * project choices, and their undo.
 */
export { createSwitchChanges } from './changes';
export type { SwitchChanges } from './changes';
export type { SwitchTarget } from './outcome';
export { createProjectToggles } from './project-toggles';
export { createSwitchServer } from './switch-server';
