import { useConnectionLost } from './connection-state';
import './connection.css';

/** Shown while the server cannot be reached; it goes away by itself once the server answers again. */
export function ConnectionAlert() {
  const lost = useConnectionLost();
  if (!lost) return null;
  return (
    <div role="alert" className="alert connection-alert">
      Connection to MCP Admin lost. Reconnecting…
    </div>
  );
}
