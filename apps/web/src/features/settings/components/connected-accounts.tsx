import { socialErrorCodes, socialNetworks, type SocialNetwork } from '@parlo/contract/social';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { providerLogos, providerNames, socialStartUrl } from '../../../components/social-providers.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useConnections, useUnlinkConnection } from '../api/connections.ts';

/** What the server's redirect after linking said (carried by /settings/general into navigation state). */
export interface SocialResult {
  linked?: SocialNetwork;
  error?: string;
}

export function socialResultFrom(search: URLSearchParams): SocialResult {
  const linked = socialNetworks.find((network) => network === search.get('social-linked'));
  const error = socialErrorCodes.find((code) => code === search.get('social-error'));
  return { ...(linked ? { linked } : {}), ...(error ? { error } : {}) };
}

/**
 * Settings → general (issue 12): the sign-in providers linked to the account, with link and unlink. The
 * last way to sign in (no password, one provider) cannot be unlinked; the server says why if tried.
 */
export function ConnectedAccounts() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const connections = useConnections();
  const unlink = useUnlinkConnection();
  // What the provider's redirect said holds until the learner does something else here (issue 29).
  const [result, setResult] = useState(() => (location.state as { social?: SocialResult } | null)?.social);
  const disconnect = (network: SocialNetwork) => {
    setResult(undefined);
    // Forget it in the history entry too, so going back and forth does not bring it back; the rest of the
    // state (the dashboard's open panels) stays.
    const state = location.state as Record<string, unknown> | null;
    if (state && 'social' in state) {
      const kept = { ...state };
      delete kept.social;
      void navigate(location.pathname + location.search, { replace: true, state: kept });
    }
    unlink.mutate(network);
  };

  if (connections.isPending) return <Spinner label={t('common.loading')} />;
  if (connections.isError) return <RequestFailed query={connections} />;
  const { hasPassword, available } = connections.data;
  const linked = new Map(connections.data.connections.map((connection) => [connection.network, connection]));
  const shown = socialNetworks.filter((network) => linked.has(network) || available.includes(network));
  if (shown.length === 0) return null;
  const onlyWay = !hasPassword && linked.size <= 1;

  return (
    <section className="connections" aria-labelledby="connections-title">
      <h3 className="connections__title" id="connections-title">
        {t('dashboard.connections.title')}
      </h3>
      <p className="connections__intro">{t('dashboard.connections.intro')}</p>
      {result?.linked && linked.has(result.linked) ? (
        <Alert tone="success" reveal>
          {t('dashboard.connections.linked', { provider: providerNames[result.linked] })}
        </Alert>
      ) : null}
      {result?.error ? <Alert reveal>{errorText(result.error)}</Alert> : null}
      {unlink.isError ? <Alert reveal>{errorText(unlink.error)}</Alert> : null}
      <ul className="connections__list">
        {shown.map((network) => {
          const connection = linked.get(network);
          return (
            <li key={network} className="connections__item">
              <span className="connections__logo" aria-hidden="true">
                {providerLogos[network]}
              </span>
              <span className="connections__text">
                <span className="connections__name">{providerNames[network]}</span>
                <span className="connections__detail">
                  {connection
                    ? (connection.email ?? t('dashboard.connections.connected'))
                    : t('dashboard.connections.notConnected')}
                </span>
              </span>
              {connection ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={onlyWay}
                  title={onlyWay ? t('errors.LAST_SIGN_IN_METHOD') : undefined}
                  loading={unlink.isPending && unlink.variables === network}
                  loadingLabel={t('common.loading')}
                  onClick={() => disconnect(network)}
                  aria-label={t('dashboard.connections.unlinkProvider', { provider: providerNames[network] })}
                >
                  {t('dashboard.connections.unlink')}
                </Button>
              ) : available.includes(network) ? (
                <a
                  className="button button--secondary button--sm"
                  href={socialStartUrl(network, 'link')}
                  aria-label={t('dashboard.connections.linkProvider', { provider: providerNames[network] })}
                >
                  <span className="button__label">{t('dashboard.connections.link')}</span>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      {onlyWay ? <p className="connections__note">{t('errors.LAST_SIGN_IN_METHOD')}</p> : null}
    </section>
  );
}
