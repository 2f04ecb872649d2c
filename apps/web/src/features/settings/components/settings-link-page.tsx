import { Navigate, useSearchParams } from 'react-router';
import { socialResultFrom } from './connected-accounts.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * /settings/general: where the server sends the browser back after linking a provider (issue 12). The
 * settings live in dashboard panels, so this opens general settings there with the outcome to show.
 */
export function SettingsGeneralLink() {
  const [searchParams] = useSearchParams();
  return (
    <Navigate
      to={paths.dashboard}
      replace
      state={{ leftPanel: 'general', rightPanel: 'settings', social: socialResultFrom(searchParams) }}
    />
  );
}
