import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons.tsx';

const benefits = ['unlimited', 'noAds', 'allCourses', 'cancel'] as const;

/** What Premium gives (SPEC §1, §6): no daily limit and no ads. */
export function PremiumBenefits() {
  const { t } = useTranslation();
  return (
    <ul className="billing-benefits">
      {benefits.map((benefit) => (
        <li key={benefit}>
          <span className="billing-benefits__icon" aria-hidden="true">
            <CheckIcon />
          </span>
          {t(`billing.benefits.${benefit}`)}
        </li>
      ))}
    </ul>
  );
}
