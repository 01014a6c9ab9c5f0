import './managed-banner.css';

/** Said once, at the top: while the organization's managed-mcp.json exists, nothing here can change. */
export function ManagedBanner({ path }: { path: string }) {
  return (
    <section className="card managed-banner" aria-label="Managed config">
      <p>
        <strong>Your organization manages MCP servers on this machine.</strong> Claude Code loads only the
        servers in <code className="path">{path}</code> and ignores every other entry, so servers cannot be
        added or removed here.
      </p>
    </section>
  );
}
