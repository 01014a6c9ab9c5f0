/**
 * The lasting on/off switch as operations: `mcp.disable`, `mcp.enable` (recorded, see
 * changes.ts; turning a signed-in server off says when it lost its sign-in, see
 * ../sign-in/sign-in-loss.ts), `mcp.resetChoices` (`claude mcp reset-project-choices`), and the settling of
 * the stash on start.
 */
import { disabledStashPath, readSettingsFiles } from '../../config';
import { errorText } from '../../error-text';
import { McpCoreError } from '../../errors';
import { resetChoicesInputSchema, switchServerInputSchema } from '../../schemas';
import { settleStash } from '../../switch';
import { describedChange } from '../engine';
import type { EngineContext } from '../engine';
import type { SwitchChanges } from './changes';
import type { Recovery } from '../history';

import type { McpAdmin } from '../contract';
import { signInAtRisk, withSignInLoss } from '../sign-in';

type SwitchContext = Pick<EngineContext, 'settings' | 'turns' | 'cli' | 'readers'> & {
  switches: SwitchChanges;
  recovery: Recovery;
};

export function createSwitchServer({
  settings,
  turns,
  cli,
  readers,
  switches,
  recovery,
}: SwitchContext): Pick<McpAdmin, 'disable' | 'enable' | 'resetChoices' | 'settleDisabled'> {
  const { configPath, claudeDir, managedDir, logWarning, credentialsPath } = settings;

  /** `mcp.disable` / `mcp.enable`: the switch in its own queue turn, and the sign-in it may cost. */
  const switchServer = (on: boolean) =>
    describedChange(
      { turns, readers },
      {
        input: switchServerInputSchema,
        // Whether turning it off costs its sign-in is read before the turn, with the project.
        project: async ({ name, scope, projectPath: asked }, existingProject) => {
          const projectPath = await existingProject(asked);
          const listedEntry = async () =>
            (await readers.serversToCheck(projectPath)).find(
              (server) => server.name === name && server.scope === scope,
            );
          const atRisk = on ? undefined : await signInAtRisk({ credentialsPath, listedEntry });
          return { projectPath, atRisk };
        },
        change: ({ name, scope }, { projectPath, atRisk }) => ({
          ...switches.plannedSwitch({ name, scope, projectPath }, on),
          answer: (result) => withSignInLoss(result, credentialsPath, name, atRisk),
        }),
      },
    );

  return {
    disable: switchServer(false),
    enable: switchServer(true),

    async resetChoices(rawInput) {
      const input = resetChoicesInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input?.projectPath);
      return turns.change(() =>
        cli.run('mcp.resetChoices', ['mcp', 'reset-project-choices'], projectPath, async () => {
          const settingsFiles = await readSettingsFiles({ claudeDir, managedDir, projectPath }, []);
          const left = settingsFiles.filter(
            (file) =>
              file.source === 'local' &&
              (file.enabledMcpjsonServers.length > 0 ||
                file.disabledMcpjsonServers.length > 0 ||
                file.enableAllProjectMcpServers),
          );
          if (left.length > 0) {
            throw new McpCoreError(
              'VERIFY_FAILED',
              `The CLI reported success, but ${left.map((file) => file.path).join(', ')} still holds project approvals.`,
            );
          }
        }),
      );
    },

    // Its own queue turn: MCP Admin's bookkeeping, which a managed config does not stop.
    async settleDisabled() {
      // First the changes a stopped MCP Admin left half done (a crash, a full disk), then the stash.
      try {
        for (const said of await turns.own(() => recovery.settleInterrupted())) logWarning(said);
      } catch (error) {
        logWarning(`The interrupted changes could not be settled: ${errorText(error)}`);
      }
      try {
        for (const { scope, name } of await turns.own(() => settleStash(configPath))) {
          logWarning(
            `${scope}-scope "${name}" was both in ${configPath} and in ${disabledStashPath(configPath)} (a change was cut off): it stays on and is no longer kept as disabled.`,
          );
        }
      } catch (error) {
        logWarning(`The disabled servers could not be settled: ${errorText(error)}`);
      }
    },
  };
}
