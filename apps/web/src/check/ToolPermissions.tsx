/**
 * Which tools Claude may use, per tool of a checked row: a radio group `Permission for <tool>`
 * showing the effective permission and the rule and file that decide it, resolved from
 * `mcp.permissions` as Claude Code resolves it (so an undo or another file's change shows at once),
 * and one choice, for the whole list, of the settings file a new rule goes to. The team's file is
 * committed with the project, so writing it asks first, naming it.
 */
import { effectivePermission } from '@mcp-admin/core/permission-rules';
import type { EffectiveKind, PermissionFile, ToolPermission } from '@mcp-admin/core/permission-rules';
import { useId, useState } from 'react';
import { usePermissionRules, useSetPermission } from './api';
import { toolParameters } from './tool-parameters';
import type { CheckResult } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';

const KINDS: { value: EffectiveKind; label: string }[] = [
  { value: 'allow', label: 'Allow' },
  { value: 'ask', label: 'Ask' },
  { value: 'deny', label: 'Deny' },
  { value: 'default', label: 'Default' },
];

const FILES: { value: PermissionFile; label: string; path: string }[] = [
  { value: 'project-local', label: 'Just me, this project', path: '.claude/settings.local.json' },
  { value: 'user', label: 'Just me, all projects', path: 'settings.json' },
  { value: 'project-shared', label: 'The team (committed)', path: '.claude/settings.json' },
];

const KIND_WORDS: Record<EffectiveKind, string> = {
  allow: 'Allowed',
  ask: 'Asks first',
  deny: 'Denied: Claude never gets this tool',
  default: 'No rule: Claude Code asks as usual',
};

/** Past this many characters a description is cut to one line, with `More`. */
const DESCRIPTION_LINE_CHARS = 90;

interface ToolPermissionsProps {
  serverName: string;
  projectPath: string;
  tools: readonly CheckedTool[];
}

/** One tool of a check's answer (docs/api.md#mcpcheck). */
type CheckedTool = NonNullable<CheckResult['tools']>[number];

/** The file choice, then each tool with its permission. */
export function ToolPermissions({ serverName, projectPath, tools }: ToolPermissionsProps) {
  const [file, setFile] = useState<PermissionFile>('project-local');
  const [pending, setPending] = useState<{ tool: string; kind: EffectiveKind } | null>(null);
  const rules = usePermissionRules(projectPath);
  const set = useSetPermission();
  const groupId = useId();
  const managedRulesOnly = rules.data?.managedRulesOnly;

  function choose(tool: string, kind: EffectiveKind) {
    if (file === 'project-shared') setPending({ tool, kind });
    else set.mutate({ server: serverName, tool, kind, file, projectPath });
  }

  return (
    <div className="tool-permissions">
      <fieldset className="radio-group">
        <legend>New rules go to</legend>
        <div className="radio-options">
          {FILES.map((option) => (
            <label key={option.value} className="radio-option">
              <input
                type="radio"
                name={`${groupId}-file`}
                checked={file === option.value}
                onChange={() => {
                  setFile(option.value);
                }}
              />
              <span>
                {option.label} <code className="path">{option.path}</code>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {managedRulesOnly !== undefined && (
        <p className="hint" role="note">
          Only your organization&apos;s permission rules apply: <code>allowManagedPermissionRulesOnly</code>{' '}
          in <code className="path">{managedRulesOnly}</code> makes the rules of every other settings file
          inert.
        </p>
      )}
      {set.error !== null && <ErrorAlert message={set.error.message} />}
      <ul className="tool-list" aria-label="Tools">
        {tools.map((tool) => {
          const permission =
            rules.data === undefined
              ? (tool.permission ?? { kind: 'default' as const })
              : effectivePermission(rules.data.rules, serverName, tool.name);
          return (
            <li key={tool.name} className="tool-item">
              <span className="tool-heading">
                <code className="tool-name">{tool.name}</code>
                {tool.title !== undefined && <span className="tool-title"> {tool.title}</span>}
              </span>
              <span className="tool-tokens">≈ {tool.tokens.toLocaleString('en-US')} tokens</span>
              {tool.description !== undefined && <ToolDescription text={tool.description} />}
              <ToolParameters tool={tool} />
              <ToolPermissionGroup
                tool={tool.name}
                permission={permission}
                busy={set.isPending}
                locked={managedRulesOnly !== undefined}
                onChoose={(kind) => {
                  choose(tool.name, kind);
                }}
              />
            </li>
          );
        })}
      </ul>
      {pending !== null && (
        <Dialog
          title="Change a file your team shares?"
          onClose={() => {
            setPending(null);
          }}
        >
          <p>
            The rule for <code>{pending.tool}</code> goes to{' '}
            <code className="path">{`${projectPath}/.claude/settings.json`}</code>, which is usually committed
            to the repository: everyone who uses it gets the change.
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setPending(null);
              }}
            >
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => {
                set.mutate({ server: serverName, ...pending, file: 'project-shared', projectPath });
                setPending(null);
              }}
            >
              Change .claude/settings.json
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** The tool's parameters: each name, its type and whether it is required; or why the schema is not shown. */
function ToolParameters({ tool }: { tool: CheckedTool }) {
  if (tool.inputSchemaCut !== undefined)
    return <p className="hint tool-parameters-cut">{tool.inputSchemaCut}</p>;
  const parameters = toolParameters(tool.inputSchema);
  if (parameters.length === 0) return null;
  return (
    <ul className="tool-parameters" aria-label={`Parameters of ${tool.name}`}>
      {parameters.map((parameter) => (
        <li key={parameter.name}>
          <code>{parameter.name}</code> <span className="parameter-type">{parameter.type}</span>
          {parameter.required && <span className="parameter-required"> required</span>}
        </li>
      ))}
    </ul>
  );
}

/** One line of the tool's description; `More` shows the rest in place. */
function ToolDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > DESCRIPTION_LINE_CHARS || text.includes('\n');
  return (
    <span className="tool-description-line">
      <span id={id} className={open || !long ? 'tool-description' : 'tool-description clamped'}>
        {text}
      </span>
      {long && (
        <button
          type="button"
          className="tool-more"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen(!open);
          }}
        >
          {open ? 'Less' : 'More'}
        </button>
      )}
    </span>
  );
}

/**
 * The tool's choices. Arrow keys only move the choice (a draft), as a radio group's arrows do; it
 * is written on Space or Enter, when focus leaves the group, or at once on a pointer click. Busy,
 * the group stays enabled so focus stays where it is.
 */
function ToolPermissionGroup({
  tool,
  permission,
  busy,
  locked,
  onChoose,
}: {
  tool: string;
  permission: ToolPermission;
  busy: boolean;
  /** No rule MCP Admin can write would apply (only managed rules do). */
  locked: boolean;
  onChoose: (kind: EffectiveKind) => void;
}) {
  const id = useId();
  const managed = permission.source === 'managed';
  // A managed allow or ask leaves a stricter rule free (Claude Code lets it win); a managed deny decides.
  const fixed = locked || (managed && permission.kind === 'deny');
  const [draft, setDraft] = useState<EffectiveKind | null>(null);
  const shown = draft ?? permission.kind;
  const commit = (kind: EffectiveKind | null) => {
    setDraft(null);
    if (kind !== null && kind !== permission.kind && !busy) onChoose(kind);
  };
  return (
    <fieldset
      className="radio-group tool-permission"
      disabled={fixed}
      aria-describedby={`${id}-why`}
      aria-busy={busy || undefined}
      onKeyDown={(event) => {
        if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault();
          commit(draft);
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) commit(draft);
      }}
    >
      <legend className="visually-hidden">
        Permission for <code>{tool}</code>
      </legend>
      <div className="radio-options">
        {KINDS.map((option) => (
          <label key={option.value} className="radio-option">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={shown === option.value}
              onChange={() => {
                setDraft(option.value);
              }}
              onClick={(event) => {
                // A pointer's click (detail ≥ 1) chooses at once; the click arrows make has detail 0.
                if (event.detail > 0) commit(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p id={`${id}-why`} className="hint">
        {draft !== null && draft !== permission.kind && 'Space or Enter to set. '}
        {KIND_WORDS[permission.kind]}
        {permission.rule !== undefined && (
          <>
            {' '}
            by <code>{permission.rule}</code> in <code className="path">{permission.file}</code>
          </>
        )}
        {managed &&
          (fixed
            ? ': set by your organization, so it cannot be changed here.'
            : ': set by your organization; only a stricter rule can be added here.')}
      </p>
    </fieldset>
  );
}
