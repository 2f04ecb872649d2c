import { useTranslation } from 'react-i18next';
import { providerLogos, providerNames, socialStartUrl } from '../../../components/social-providers.tsx';
import { useSocialProviders } from '../api/social-sign-in.ts';

/**
 * SPEC §1/§2 social sign-in on /login: one button per provider this server is set up for (the server
 * says which). Each is a plain link: the browser goes to the provider through the server and comes back
 * signed in. With no provider set up, nothing is shown.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const providers = useSocialProviders();
  const networks = providers.data?.networks ?? [];
  if (networks.length === 0) return null;

  return (
    <div className="social">
      <p className="social__divider">
        <span>{t('auth.orContinueWith')}</span>
      </p>
      <div className="social__buttons">
        {networks.map((network) => (
          <a
            key={network}
            className={`social__button social__button--${network}`}
            href={socialStartUrl(network)}
          >
            <span className="social__logo" aria-hidden="true">
              {providerLogos[network]}
            </span>
            <span>{t('auth.continueWith', { provider: providerNames[network] })}</span>
          </a>
        ))}
      </div>
    </div>
  );
}
