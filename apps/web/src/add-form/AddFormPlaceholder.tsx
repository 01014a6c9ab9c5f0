/** Holds the form's place, under the same heading, while its code loads. */
export function AddFormPlaceholder() {
  return (
    <div className="card add-form" aria-busy="true">
      <h2>Add MCP server</h2>
      <p className="status">Loading the form…</p>
    </div>
  );
}
