/**
 * `mcp.projects` on a `.claude.json` that knows 10⁵ and 10⁶ projects: the time of one call, the
 * longest the event loop waited during it, and the process's peak memory. Three kinds of call:
 * the first (the file is read and every project's `.mcp.json` looked at), the first after the
 * file changed (read again, a bounded number of `.mcp.json` looked at again), and calls on the
 * unchanged file.
 */
import { createMcpAdmin } from '@mcp-admin/core';
import { currentRss, peakRss, resetPeakRss } from '@mcp-admin/core/testing';
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { time, type Timing } from './measure';
import { writeManyProjectsConfig } from './synthetic-config';

/** `BENCH_PROJECTS=100000` measures only that count. */
export const PROJECT_COUNTS = process.env.BENCH_PROJECTS?.split(',').map(Number) ?? [100_000, 1_000_000];

export interface ProjectsRow {
  count: number;
  bytes: number;
  first: Timing;
  /** The process's resident memory before the first call and at its peak during it, in bytes. */
  firstRss: { before: number; peak: number };
  changed: Timing;
  unchanged: Timing;
}

export async function benchProjects(root: string): Promise<ProjectsRow[]> {
  const rows: ProjectsRow[] = [];
  for (const count of PROJECT_COUNTS) {
    const configDir = join(root, `projects-${count}`);
    mkdirSync(configDir);
    const configPath = join(configDir, '.claude.json');
    const bytes = writeManyProjectsConfig(configPath, count, join(configDir, 'dirs'));
    const admin = createMcpAdmin({
      configDir,
      claudeBin: 'claude',
      cliTimeoutMs: 30_000,
      defaultProject: root,
      // No managed config: the bench measures the projects list alone.
      managedDir: join(configDir, 'no-managed-config'),
      spawnEnv: {},
      homeDir: configDir,
    });
    resetPeakRss();
    const before = currentRss();
    const first = await time(1, () => admin.projects());
    const firstRss = { before, peak: peakRss() };
    // A new mtime is a new version of the file.
    const changed = await time(
      1,
      () => admin.projects(),
      () => {
        const mtime = new Date(Date.now() + 1000);
        utimesSync(configPath, mtime, mtime);
      },
    );
    const unchanged = await time(3, () => admin.projects());
    rows.push({ count, bytes, first, firstRss, changed, unchanged });
    process.stdout.write(`measured ${count.toLocaleString('en')} projects\n`);
  }
  return rows;
}
