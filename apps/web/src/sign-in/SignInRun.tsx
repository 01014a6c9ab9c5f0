import { callbackUrlSchema } from '@mcp-admin/core/schemas';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { WritableServer } from '../rows';
import type { LoginEvent } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { TextField } from '../ui/TextField';
import { useLogin, useLoginPaste } from './api';
import './sign-in.css';

type Phase = { state: 'starting' } | LoginEvent;

interface SignInRunProps {
  server: WritableServer;
  projectPath: string;
  /** The tab opened on the click (blank until the authorization URL arrives); null if the browser blocked it. */
  tab: Window | null;
  onDone: (ok: boolean) => void;
  /** Closes the view; while the sign-in runs, that cancels it (the server stops the CLI). */
  onClose: () => void;
}

/** One sign-in: mounted, it runs `mcp.login`; the authorization page opens in the tab given. */
export function SignInRun({ server, projectPath, tab, onDone, onClose }: SignInRunProps) {
  const headingId = useId();
  const [run, setRun] = useState<Phase>({ state: 'starting' });
  const [error, setError] = useState<string | null>(null);
  const opened = useRef(false);
  const { name } = server;
  useLogin(server, projectPath, {
    onData(event) {
      if (event.state === 'open') {
        opened.current = true;
        // Only ever the URL the server passed on, which is http(s); the tab has no opener.
        if (tab !== null && !tab.closed) tab.location.assign(event.url);
      } else {
        // Ended before there was a page to show: the blank tab would only be in the way.
        if (!opened.current) tab?.close();
        onDone(event.ok);
      }
      setRun(event);
    },
    onError(failure) {
      tab?.close();
      setError(failure.message);
    },
  });
  const running = error === null && run.state !== 'done';
  return (
    <section className="sign-in" aria-labelledby={headingId}>
      <h3 id={headingId}>Sign in to {name}</h3>
      <p role="status" className="status">
        {error === null && statusText(run, name)}
      </p>
      {error !== null && <ErrorAlert message={error} />}
      {run.state === 'done' && !run.ok && <ErrorAlert message={run.message} />}
      {run.state === 'open' && (
        <>
          <p>
            <a href={run.url} target="_blank" rel="noopener noreferrer">
              Open the authorization page
            </a>
          </p>
          <PasteForm loginId={run.loginId} />
        </>
      )}
      <button type="button" className="secondary small" onClick={onClose}>
        {running ? 'Cancel sign-in' : 'Close'}
      </button>
    </section>
  );
}

function statusText(run: Phase, name: string): string {
  switch (run.state) {
    case 'starting':
      return 'Starting sign-in…';
    case 'open':
      return 'Waiting for you to sign in on the authorization page…';
    case 'done':
      return run.ok ? `Signed in to ${name}.` : 'Sign-in did not complete.';
  }
}

/** For a browser on another machine: its redirect to localhost fails there, so the user pastes it here. */
function PasteForm({ loginId }: { loginId: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const paste = useLoginPaste();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const parsed = callbackUrlSchema.safeParse(value.trim());
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    paste.mutate({ loginId, redirectUrl: parsed.data });
  };
  return (
    <form className="paste-form" onSubmit={submit} noValidate>
      <TextField
        id={id}
        label="Redirect URL from another machine"
        hint="Signed in on another machine? Its browser ends on a localhost address that does not load there: paste that address here."
        value={value}
        onValueChange={setValue}
        error={invalid}
      />
      <button type="submit" className="secondary small" disabled={paste.isPending || paste.isSuccess}>
        Send redirect URL
      </button>
      {paste.error !== null && <ErrorAlert message={paste.error.message} />}
    </form>
  );
}
