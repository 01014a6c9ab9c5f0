/** What a browser without a session sees: where the sign-in URL comes from. */
export function SignInHint() {
  return (
    <main className="sign-in">
      <div className="card">
        <h1>MCP Admin</h1>
        <p>This browser is not signed in to the panel.</p>
        <p>When the server starts it prints one line with a sign-in link:</p>
        <pre>MCP Admin listening on http://HOST:PORT/?token=TOKEN</pre>
        <p>
          Open that exact link here. The token is then kept in a session cookie and removed from the address
          bar. A restarted server prints a new token.
        </p>
      </div>
    </main>
  );
}
