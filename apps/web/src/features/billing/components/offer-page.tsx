import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /offer: the gift of a free training week. */
export function OfferPage() {
  const { t } = useTranslation();
  return (
    <Screen
      tone="accent"
      icon={<GiftIcon />}
      title={t('billing.offer.title')}
      text={t('billing.offer.text')}
      actions={<ButtonLink to="/dashboard">{t('billing.offer.accept')}</ButtonLink>}
    />
  );
}
