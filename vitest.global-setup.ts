/**
 * Runs once before any test file: builds the server (`apps/server/dist`) if what it is built from
 * changed since its last build, as `pnpm start` does. The tests that start the server as a process
 * start that build: plain Node loads it on a third of the CPU that tsx needs for the sources, and
 * no test builds it again while another runs it.
 */
import { buildChanged, START_TARGETS } from './apps/server/scripts/build-changed.mjs';

export default function buildServerOnce(): void {
  buildChanged(
    undefined,
    START_TARGETS.filter(({ name }) => name === 'server'),
  );
}
