import type { Scope, Transport } from '../schemas';

/** What a stored entry runs on; `unknown` for a shape Claude Code would not start. */
export type ServerTransport = Transport | 'unknown';

/** Approval state of a project-scope (`.mcp.json`) server, from `.claude.json`'s project entry. */
export type Approval = 'approved' | 'rejected' | 'pending';

/** One server as the config files hold it, normalized for display (SPEC §4 `Server`). */
export interface Server {
  name: string;
  scope: Scope;
  transport: ServerTransport;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  approval?: Approval;
  /** The scope whose entry of the same name wins (local > project > user). */
  shadowedBy?: Scope;
  /** The file the entry was read from. */
  source?: string;
  /** The entry's other stored fields (`oauth`, `headersHelper`, `timeout`, `alwaysLoad`, …). */
  extra?: Record<string, unknown>;
}

/** A config file the listing could not read or parse: its servers are not in the list. */
export interface FileProblem {
  file: string;
  /** A sentence naming the file and what is wrong with it. */
  message: string;
}

export interface ServerList {
  configPath: string;
  projectPath: string;
  servers: Server[];
  /** Every `.mcp.json` up the tree that could not be read; the servers of the others are listed. */
  problems: FileProblem[];
}

export interface KnownProject {
  path: string;
  localCount: number;
  hasMcpJson: boolean;
}
