import { Component, type ReactNode } from 'react';

interface Props {
  /** The panel's name, for the message. */
  name: string;
  children: ReactNode;
}

/**
 * Keeps a rendering fault inside one panel: the panel says what went wrong and offers to try
 * again, and the rest of the page (Setup, the other panels) stays usable.
 */
export class PanelBoundary extends Component<Props, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="panel" role="alert" data-testid="panel-error">
        <h2>{this.props.name}</h2>
        <p className="error">
          This panel could not be drawn: {this.state.error.message}. The rest of the page still works; run again or open another run.
        </p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </section>
    );
  }
}
