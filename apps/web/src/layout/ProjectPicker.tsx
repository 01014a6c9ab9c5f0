import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { TextInput } from '../ui/TextInput';
import { useProjects } from './api';

interface ProjectPickerProps {
  projectPath: string;
  onChange: (projectPath: string) => void;
}

/**
 * The project whose local and project-scope servers are shown and added. Known projects come
 * from `.claude.json`; any other directory can be typed and is taken on Enter or leaving the box.
 */
export function ProjectPicker({ projectPath, onChange }: ProjectPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState(projectPath);
  const [error, setError] = useState<string | undefined>();
  const projects = useProjects();
  // A path longer than the box shows its end (the project's own folders) while the box is not being
  // typed in; the whole path is the box's value, and its title on hover.
  useEffect(() => {
    const input = document.getElementById(`${id}-project`);
    if (input instanceof HTMLInputElement && document.activeElement !== input) showEnd(input);
  }, [id, projectPath]);

  const commit = async (path: string) => {
    // Loaded on first use: the schemas bring zod, which the first paint does without.
    const { projectPathSchema } = await import('@mcp-admin/core/schemas');
    const parsed = projectPathSchema.safeParse(path);
    setError(parsed.success ? undefined : projectPathProblem(path));
    if (parsed.success && path !== projectPath) onChange(path);
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void commit(draft);
  };

  return (
    <form className="project-picker" onSubmit={onSubmit}>
      <label htmlFor={`${id}-project`}>Project</label>
      <TextInput
        id={`${id}-project`}
        list={`${id}-projects`}
        value={draft}
        error={error}
        onValueChange={(value) => {
          setDraft(value);
          // Picking from the list is a decision already; a path being typed waits for Enter.
          if (projects.data?.some((project) => project.path === value) === true) void commit(value);
        }}
        title={draft}
        onBlur={(event) => {
          showEnd(event.currentTarget);
          void commit(draft);
        }}
      />
      <datalist id={`${id}-projects`}>
        {projects.data?.map((project) => (
          <option key={project.path} value={project.path} label={projectSummary(project)} />
        ))}
      </datalist>
    </form>
  );
}

/** Scrolls a path's box to its end: shortened from the left, as a long path reads best. */
function showEnd(input: HTMLInputElement): void {
  input.scrollLeft = input.scrollWidth;
}

function projectSummary(project: { localCount: number; hasMcpJson: boolean }): string {
  const local = `${project.localCount} local server${project.localCount === 1 ? '' : 's'}`;
  return project.hasMcpJson ? `${local}, .mcp.json` : local;
}

/** Why a typed path is no project, in words (the schema's rule names a field the user never sees). */
function projectPathProblem(path: string): string {
  if (!path.startsWith('/')) return "Type the folder's full path, starting with /.";
  if (path.split('/').includes('..'))
    return 'Type the path without "..": the full path of the folder itself.';
  return 'That is not a folder path Claude Code can use: check it for stray characters.';
}
