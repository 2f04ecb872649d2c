import './review.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { BoltIcon } from '../../../components/ui/icons.tsx';
import { wordsQuery } from '../api/review-api.ts';
import { paths } from '../../../config/paths.ts';

/** The dashboard's way into Practice and the words panel: how many words are due now. */
export function PracticeCard() {
  const { t } = useTranslation();
  const words = useQuery(wordsQuery());
  const learned = words.data?.words.length ?? 0;
  const due = words.data?.dueNow ?? 0;
  if (words.isError) return null;
  return (
    <Card as="section" padding="lg" className="practice-card" aria-labelledby="practice-card-title">
      <h2 className="practice-card__title" id="practice-card-title">
        <BoltIcon aria-hidden="true" />
        {t('review.card.title')}
      </h2>
      <p className="practice-card__text">
        {learned === 0
          ? t('review.card.noWords')
          : due > 0
            ? t('review.card.due', { words: t('review.wordCount', { count: due }) })
            : t('review.card.allFresh')}
      </p>
      {learned > 0 ? (
        <div className="practice-card__actions">
          <ButtonLink to={paths.practice} fullWidth>
            {t('review.practice.start')}
          </ButtonLink>
          <Link to={paths.words} className="practice-card__link">
            {t('review.card.myWords', { words: t('review.wordCount', { count: learned }) })}
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
