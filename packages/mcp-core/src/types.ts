/** Where Claude Code keeps a server: `~/.claude.json` top level, its `projects[key]`, or `.mcp.json`. */
export type Scope = 'user' | 'local' | 'project';

export type Transport = 'stdio' | 'http' | 'sse' | 'unknown';

/** Approval state of a project-scope (`.mcp.json`) server, from `.claude.json`'s project entry. */
export type Approval = 'approved' | 'rejected' | 'pending';

/** One server as the config files hold it, normalized for display (SPEC §4 `Server`). */
export interface Server {
  name: string;
  scope: Scope;
  transport: Transport;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  approval?: Approval;
  /** The scope whose entry of the same name wins (local > project > user). */
  shadowedBy?: Scope;
  disabled?: true;
  /** The file the entry was read from. */
  source?: string;
  /** The entry's other stored fields (`oauth`, `headersHelper`, `timeout`, `alwaysLoad`, …). */
  extra?: Record<string, unknown>;
}

export interface ServerList {
  configPath: string;
  projectPath: string;
  servers: Server[];
}

export interface KnownProject {
  path: string;
  localCount: number;
  hasMcpJson: boolean;
}

/** Result of one CLI call that ran to completion: the CLI's own text either way. */
export type CliOutcome = { ok: true; message: string } | { ok: false; message: string };
