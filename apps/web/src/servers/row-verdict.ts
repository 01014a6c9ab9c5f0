/**
 * One answer per row, the same everywhere: will Claude Code load the server (Loads, Won't load,
 * Needs you), one plain sentence why that starts with the fixed status word (e2e/rows.spec.ts), and the one
 * thing that fixes it. File paths and settings keys stay in the server's sheet (`statusReason`).
 */
import { usesOAuth } from '../rows';
import { scopeLabel } from '../scopes';
import type { CheckResult, ServerEntry } from '../trpc';
import { REJECTION_WORDS, rowRejecter } from './rejection';

export type Answer = 'loads' | 'wont-load' | 'needs-you';

export const ANSWER_LABELS: Record<Answer, string> = {
  loads: 'Loads',
  'wont-load': "Won't load",
  'needs-you': 'Needs you',
};

/** What the row's one fix is: the switch, the sign-in button, or something done outside the panel. */
export type FixKind = 'switch-on' | 'sign-in' | 'outside';

export interface RowVerdict {
  answer: Answer;
  /** Starts with the status word (`Active`, `Pending approval`, …). */
  sentence: string;
  /** The one action that fixes it, in words; absent when nothing needs doing. */
  fix?: { kind: FixKind; text: string };
}

/**
 * The row's answer (and the sheet's, and the filters'), from what Claude Code does with the entry
 * and, once checked, what the check saw. A rejected `.mcp.json` server names who rejected it (see
 * rejection.ts): only a personal rejection is one the row's switch lifts.
 */
export function rowVerdict(server: ServerEntry, check?: CheckResult['status']): RowVerdict {
  const rejecter = rowRejecter(server);
  if (server.status === 'rejected' && rejecter !== undefined && rejecter !== 'personal') {
    const words = REJECTION_WORDS[rejecter];
    return { answer: 'wont-load', sentence: `Rejected: ${words}.` };
  }
  if (server.status !== 'active') return notActive(server);
  const missing = server.missingEnv ?? [];
  if (missing.length > 0) {
    const them = missing.length === 1 ? 'it' : 'them';
    return {
      answer: 'needs-you',
      sentence: `Active, but Claude Code would pass ${missing.map((name) => `\${${name}}`).join(', ')} on as text.`,
      // The fixed words, one per variable (e2e/rows.spec.ts, apps/web/test/server-display.test.ts).
      fix: {
        kind: 'outside',
        text: `${missing.map((name) => `Missing variable ${name}`).join(', ')}: set ${them} where you start claude.`,
      },
    };
  }
  if (check === 'needs-auth' && usesOAuth(server)) {
    return {
      answer: 'needs-you',
      sentence: 'Active, but the server asks you to sign in.',
      fix: { kind: 'sign-in', text: 'Sign in.' },
    };
  }
  if (check === 'needs-auth') {
    return {
      answer: 'needs-you',
      sentence: 'Active, but the server refuses its Authorization header.',
      fix: { kind: 'outside', text: 'Edit the Authorization header.' },
    };
  }
  if (check === 'failed' || check === 'timeout') {
    return {
      answer: 'needs-you',
      sentence: `Active, but the last check ${check === 'failed' ? 'failed' : 'timed out'}.`,
      // Its name opens its sheet, whose Tools part has the check's error and stderr.
      fix: { kind: 'outside', text: `Open ${server.name} to see what went wrong.` },
    };
  }
  return { answer: 'loads', sentence: activeSentence(server) };
}

function activeSentence(server: ServerEntry): string {
  switch (server.scope) {
    case 'user':
      return 'Active in every project.';
    case 'local':
      return 'Active in this project only.';
    case 'project':
      return 'Active: approved here.';
    case 'plugin':
      return `Active: comes with plugin ${server.plugin ?? ''}.`.replace(' .', '.');
    case 'managed':
      return "Active: your organization's managed config provides it.";
  }
}

function notActive(server: ServerEntry): RowVerdict {
  switch (server.status) {
    case 'active':
      throw new TypeError('an active server has its own verdict');
    case 'pending':
      return server.awaitsTrust === true
        ? {
            answer: 'needs-you',
            sentence: 'Pending approval: on, but this folder is not trusted yet.',
            fix: { kind: 'outside', text: 'Open claude in this folder once to trust it.' },
          }
        : {
            answer: 'needs-you',
            sentence: "Pending approval: from the project's shared .mcp.json, not approved by you yet.",
            fix: { kind: 'switch-on', text: 'Turn it on to approve it.' },
          };
    case 'rejected':
      return {
        answer: 'wont-load',
        sentence: 'Rejected: turned off for this project.',
        fix: { kind: 'switch-on', text: 'Turn it on to load it.' },
      };
    case 'disabled':
      return {
        answer: 'wont-load',
        sentence: 'Disabled: switched off, its entry kept aside.',
        fix: { kind: 'switch-on', text: 'Turn it on to add it back.' },
      };
    case 'disabled-in-project':
      return {
        answer: 'wont-load',
        sentence: 'Disabled in this project with /mcp.',
        fix: { kind: 'outside', text: 'Turn it on again with /mcp in claude.' },
      };
    case 'shadowed': {
      const winner = server.shadowedBy === undefined ? 'another' : scopeLabel(server.shadowedBy);
      return {
        answer: 'wont-load',
        sentence: `Shadowed by ${winner} scope: the server of that name there is used.`,
      };
    }
    case 'blocked':
      return {
        answer: 'wont-load',
        sentence: 'Blocked by policy: an allow or deny list keeps it out.',
      };
    case 'overridden':
      return {
        answer: 'wont-load',
        sentence: "Overridden by managed config: only your organization's servers load.",
      };
  }
}

/** The check's result in the Connection column. */
export const CONNECTION_WORDS: Record<CheckResult['status'], string> = {
  ok: 'Connected',
  failed: 'Failed',
  timeout: 'Timed out',
  'needs-auth': 'Needs sign-in',
};
