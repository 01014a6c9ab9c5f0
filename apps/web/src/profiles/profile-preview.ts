/**
 * What applying a profile will switch, computed in the browser from the profile and the list the
 * panel shows, as the server decides it (packages/mcp-core/src/service/profiles/steps.ts): its
 * servers on, every other switchable server of the scopes it names off.
 */
import type { ProfileEntry, ServerEntry } from '../trpc';

export type PreviewMove = 'on' | 'off' | 'unchanged' | 'missing';

export interface PreviewStep {
  name: string;
  scope: ServerEntry['scope'];
  /** The project of a local or project server the profile names elsewhere: not in this list. */
  elsewhere?: string;
  want: boolean;
  move: PreviewMove;
}

const SWITCHABLE = new Set(['user', 'local', 'project']);

/** A server the lasting switch changes: one of the three written scopes, not read-only. */
export function isSwitchable(server: ServerEntry): boolean {
  return server.readOnly !== true && SWITCHABLE.has(server.scope);
}

/** On for Claude Code: not switched off and, for a `.mcp.json` server, approved. */
export function isOn(server: ServerEntry): boolean {
  return server.disabled !== true && (server.scope !== 'project' || server.approval === 'approved');
}

export function previewSteps(
  profile: ProfileEntry,
  rows: readonly ServerEntry[],
  projectPath: string,
): PreviewStep[] {
  const steps: PreviewStep[] = [];
  const scopesHere = new Set<string>();
  for (const target of profile.servers) {
    const where = target.projectPath ?? projectPath;
    if (target.scope !== 'user' && where !== projectPath) {
      steps.push({ name: target.name, scope: target.scope, elsewhere: where, want: true, move: 'on' });
      continue;
    }
    scopesHere.add(target.scope);
    const found = rows.find((row) => row.name === target.name && row.scope === target.scope);
    const move: PreviewMove = found === undefined ? 'missing' : isOn(found) ? 'unchanged' : 'on';
    steps.push({ name: target.name, scope: target.scope, want: true, move });
  }
  for (const row of rows) {
    if (!isSwitchable(row) || !scopesHere.has(row.scope)) continue;
    if (
      steps.some((step) => step.name === row.name && step.scope === row.scope && step.elsewhere === undefined)
    )
      continue;
    steps.push({ name: row.name, scope: row.scope, want: false, move: isOn(row) ? 'off' : 'unchanged' });
  }
  // What changes comes first: with 30 servers, the two that turn on are not under 28 that stay.
  return [
    ...steps.filter((step) => step.move !== 'unchanged'),
    ...steps.filter((step) => step.move === 'unchanged'),
  ];
}

const servers = (count: number) => `${String(count)} ${count === 1 ? 'server' : 'servers'}`;

/** "turns off 23 servers in every project, turns on 2": what changes, where. */
export function previewSentence(steps: readonly PreviewStep[]): string {
  const count = (test: (step: PreviewStep) => boolean) => steps.filter(test).length;
  const offEverywhere = count((step) => step.move === 'off' && step.scope === 'user');
  const offHere = count((step) => step.move === 'off' && step.scope !== 'user');
  const on = count((step) => step.move === 'on');
  const unchanged = count((step) => step.move === 'unchanged');
  const missing = count((step) => step.move === 'missing');
  const parts = [
    offEverywhere > 0 && `turns off ${servers(offEverywhere)} in every project`,
    offHere > 0 && `turns off ${servers(offHere)} in this project`,
    on > 0 && `turns on ${String(on)}`,
    unchanged > 0 && `leaves ${String(unchanged)} as ${unchanged === 1 ? 'it is' : 'they are'}`,
    missing > 0 && `${String(missing)} not found`,
  ].filter((part): part is string => part !== false);
  return parts.length === 0 ? 'changes nothing' : parts.join(', ');
}

/**
 * Where applying reaches, for its button: a user-scope switch counts in every project, a local or
 * project server named for another project there too, the rest here only.
 */
export function applyReach(steps: readonly PreviewStep[]): string {
  const moving = steps.filter((step) => step.move === 'on' || step.move === 'off');
  if (moving.some((step) => step.scope === 'user')) return 'in every project';
  if (moving.some((step) => step.elsewhere !== undefined)) return 'in this and other projects';
  return 'in this project';
}

/** Where a step stands while the apply runs, from the list as it refreshes. */
export function stepDone(step: PreviewStep, rows: readonly ServerEntry[]): boolean {
  if (step.elsewhere !== undefined || step.move === 'missing' || step.move === 'unchanged') return true;
  const row = rows.find((candidate) => candidate.name === step.name && candidate.scope === step.scope);
  return row !== undefined && isOn(row) === step.want;
}
