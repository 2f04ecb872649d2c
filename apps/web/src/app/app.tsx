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
      <RouterProvider router={router} />
    </AppProvider>
  );
}
