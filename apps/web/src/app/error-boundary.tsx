import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** When it changes (another address), a failed boundary tries its children again. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Catches render failures: around the whole app (providers, the layout) and, in RootLayout, around the
 * page, so a page's failure shows the error screen inside the header and footer.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
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
