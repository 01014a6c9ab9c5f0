import { Component, type ReactNode } from 'react';

interface LoadFailureBoundaryProps {
  /** What failed to show, in words: "the check result". */
  what: string;
  /** Forget the failed load, so the next render fetches the code again. */
  onRetry: () => void;
  /**
   * The server is out of reach: the connection alert says so already, so a failure shows nothing,
   * and is tried again by itself once the server is back.
   */
  serverLost: boolean;
  children: ReactNode;
}

interface LoadFailureBoundaryState {
  failed: boolean;
}

/**
 * Catches a part of the panel that could not be drawn (most often: its code could not be fetched
 * because the server is unreachable), so the rest of the page stays, and offers to try again; while
 * the server is lost it waits for it instead, without a second alert.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, LoadFailureBoundaryState> {
  override state: LoadFailureBoundaryState = { failed: false };

  static getDerivedStateFromError(): LoadFailureBoundaryState {
    return { failed: true };
  }

  override componentDidUpdate(previous: LoadFailureBoundaryProps): void {
    if (this.state.failed && previous.serverLost && !this.props.serverLost) this.retry();
  }

  private retry(): void {
    this.props.onRetry();
    this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.serverLost) return null;
    return (
      <div role="alert" className="alert load-failure">
        <span>Could not load {this.props.what}.</span>{' '}
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            this.retry();
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}
