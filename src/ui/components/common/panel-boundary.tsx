import { Component, type ReactNode } from 'react';

interface FaultProps {
  children: ReactNode;
  /** What shows instead of the children once one of them threw; `reset` draws them again. */
  fallback(error: Error, reset: () => void): ReactNode;
}

/** Keeps a rendering fault inside its children: `fallback` shows in their place until reset. */
export class FaultBoundary extends Component<FaultProps, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback(this.state.error, () => this.setState({ error: undefined }));
  }
}

/**
 * Keeps a rendering fault inside one panel: the panel says what went wrong and offers to try
 * again, and the rest of the page (Setup, the other panels) stays usable.
 */
export function PanelBoundary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <FaultBoundary
      fallback={(error, reset) => (
        <section className="panel" role="alert" data-testid="panel-error">
          <h2>{name}</h2>
          <p className="error">This panel could not be drawn: {error.message}. The rest of the page still works; run again or open another run.</p>
          <button type="button" onClick={reset}>
            Try again
          </button>
        </section>
      )}
    >
      {children}
    </FaultBoundary>
  );
}
