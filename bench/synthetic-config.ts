/** Synthetic `.claude.json` files, the same on every run, for the benchmarks. */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const HISTORY_PER_PROJECT = 100;

/**
 * Writes a `.claude.json` shaped like a long-used one from an old Claude Code version: a few
 * servers, and projects whose `history` arrays (prompts with pasted texts) hold nearly all the
 * bytes. Seeded, so every run measures the same files.
 */
export function writeSyntheticConfig(path: string, targetBytes: number): number {
  const random = seededRandom(targetBytes);
  const fd = openSync(path, 'w');
  let written = 0;
  const write = (text: string) => {
    written += writeSync(fd, text);
  };
  try {
    write(
      `{"numStartups":412,"installMethod":"native","autoUpdates":true,"userID":"${'f'.repeat(64)}",` +
        `"mcpServers":${JSON.stringify(userServers)},"projects":{`,
    );
    for (let index = 0; written < targetBytes || index === 0; index++) {
      const budget = targetBytes - written;
      write(`${index === 0 ? '' : ','}${JSON.stringify(`/home/dev/work/project-${index}`)}:`);
      write(JSON.stringify(project(index, random, budget)));
    }
    write(`},"oauthAccount":{"accountUuid":"00000000-0000-4000-8000-000000000000"}}\n`);
  } finally {
    closeSync(fd);
  }
  return written;
}

const userServers = {
  github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer x' } },
  files: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'], env: {} },
};

function project(index: number, random: () => number, budget: number) {
  const history = [];
  // Roughly 1.3 KB per entry: a small file gets a small history.
  const entries = Math.min(HISTORY_PER_PROJECT, Math.max(1, Math.floor(budget / 1300)));
  for (let i = 0; i < entries; i++) {
    const pasted = random() < 0.4;
    history.push({
      display: sentence(random, 20 + Math.floor(random() * 200)),
      pastedContents: pasted ? { 1: { id: 1, type: 'text', content: sentence(random, 2000) } } : {},
    });
  }
  return {
    allowedTools: [],
    history,
    mcpContextUris: [],
    mcpServers:
      index % 3 === 0 ? { [`local-${index}`]: { type: 'stdio', command: 'node', args: ['server.js'] } } : {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hasTrustDialogAccepted: true,
    projectOnboardingSeenCount: 1,
    lastCost: random(),
    lastDuration: Math.floor(random() * 1e6),
  };
}

const WORDS = [
  'fix',
  'the',
  'test',
  'função',
  'build',
  '"quoted"',
  'path\\to',
  'line\nbreak',
  '✓',
  'refactor',
  'why',
];

function sentence(random: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += `${WORDS[Math.floor(random() * WORDS.length)] ?? ''} `;
  return text;
}

// mulberry32: small, fast and good enough to vary the text deterministically.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes a `.claude.json` that knows `count` projects, each entry shaped like today's Claude Code
 * writes it (no history): a third with a local server. Every thousandth project path is a real
 * directory under `projectsRoot` holding a `.mcp.json`; the others do not exist.
 */
export function writeManyProjectsConfig(path: string, count: number, projectsRoot: string): number {
  const fd = openSync(path, 'w');
  let written = 0;
  const write = (text: string) => {
    written += writeSync(fd, text);
  };
  try {
    write(`{"numStartups":12,"mcpServers":${JSON.stringify(userServers)},"projects":{`);
    let batch = '';
    for (let index = 0; index < count; index++) {
      const projectPath =
        index % 1000 === 0 ? join(projectsRoot, `p${index}`) : `/home/dev/work/project-${index}`;
      batch += `${index === 0 ? '' : ','}${JSON.stringify(projectPath)}:${JSON.stringify(modernProject(index))}`;
      if (batch.length > 1 << 20) {
        write(batch);
        batch = '';
      }
    }
    write(`${batch}}}\n`);
  } finally {
    closeSync(fd);
  }
  for (let index = 0; index < count; index += 1000) {
    const dir = join(projectsRoot, `p${index}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.mcp.json'), '{"mcpServers":{}}');
  }
  return written;
}

function modernProject(index: number) {
  return {
    allowedTools: [],
    mcpContextUris: [],
    mcpServers: index % 3 === 0 ? { [`local-${index}`]: { type: 'stdio', command: 'node', args: [] } } : {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hasTrustDialogAccepted: false,
    projectOnboardingSeenCount: 0,
    hasClaudeMdExternalIncludesApproved: false,
    hasClaudeMdExternalIncludesWarningShown: false,
  };
}
