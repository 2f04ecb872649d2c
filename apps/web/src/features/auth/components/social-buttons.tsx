import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { FacebookLogo, GoogleLogo, VkLogo } from '../../../components/ui/icons.tsx';

interface Provider {
  id: 'g' | 'fb' | 'vk';
  name: string;
  logo: ReactNode;
}

const providers: Provider[] = [
  { id: 'g', name: 'Google', logo: <GoogleLogo /> },
  { id: 'fb', name: 'Facebook', logo: <FacebookLogo /> },
  { id: 'vk', name: 'VK', logo: <VkLogo /> },
];

/**
 * SPEC §1 social sign-in. No provider is configured on this server yet, so each button explains that
 * instead of failing silently; they stay focusable (aria-disabled) so keyboard users can hear why.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const [explained, setExplained] = useState<Provider | null>(null);

  return (
    <div className="social">
      <p className="social__divider">
        <span>{t('auth.orContinueWith')}</span>
      </p>
      <div className="social__buttons">
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="social__button"
            aria-disabled="true"
            aria-describedby={explained?.id === provider.id ? 'social-note' : undefined}
            onClick={() => setExplained(provider)}
          >
            <span className="social__logo">{provider.logo}</span>
            <span>{provider.name}</span>
          </button>
        ))}
      </div>
      {explained ? (
        <div id="social-note" className="social__note">
          <Alert tone="info">{t('auth.socialNotConfigured', { provider: explained.name })}</Alert>
        </div>
      ) : null}
    </div>
  );
}
