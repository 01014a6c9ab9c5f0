import { Component, type ReactNode } from 'react';

interface LoadFailureBoundaryProps {
  /** What failed to show, in words: "the check result". */
  what: string;
  /** Forget the failed load, so the next render fetches the code again. */
  onRetry: () => void;
  children: ReactNode;
}

interface LoadFailureBoundaryState {
  failed: boolean;
}

/**
 * Catches a part of the panel that could not be drawn (most often: its code could not be fetched
 * because the server is unreachable), so the rest of the page stays, and offers to try again.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, LoadFailureBoundaryState> {
  override state: LoadFailureBoundaryState = { failed: false };

  static getDerivedStateFromError(): LoadFailureBoundaryState {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="alert load-failure">
        <span>Could not load {this.props.what}.</span>{' '}
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}
