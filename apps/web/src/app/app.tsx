import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import '../components/ui/tokens.css';
import '../components/ui/ui.css';
import './layout/layout.css';
import { AppProvider } from './provider.tsx';
import type { AppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      {/* Router updates as plain state updates, not transitions: in a transition the dashboard's deferred
          side column and the header held for its greeting (ADR 035, 038) waited for the 3 s cap. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProvider>
  );
}
