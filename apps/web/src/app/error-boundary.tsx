import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface State {
  failed: boolean;
}

/**
 * Catches render failures outside the router (providers, the router itself); failures inside a route are
 * caught by the router's errorElement, which shows the same screen inside the page frame.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The screen tells the learner; the console keeps the details for whoever debugs it.
    // eslint-disable-next-line no-console
    console.error('render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
