import { BrowserRouter } from 'react-router';
import '../components/ui/tokens.css';
import '../components/ui/ui.css';
import './layout/layout.css';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
