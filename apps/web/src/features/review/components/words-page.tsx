import './review.css';
import type { LearnedWords } from '@parlo/contract/review';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BoltIcon } from '../../../components/ui/icons.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { wordsQuery } from '../api/review-api.ts';
import { daysUntil, strengthLevel } from './strength.ts';
import { paths } from '../../../config/paths.ts';

/** /words: every word learned in the course, its strength now and when it comes back for review. */
export function WordsPage() {
  const { t } = useTranslation();
  const words = useQuery(wordsQuery());
  return (
    <Page title={t('review.words.title')} subtitle={t('review.words.subtitle')} width="medium">
      <Card padding="lg" className="words-panel">
        {words.isPending ? (
          <Spinner size="lg" label={t('review.words.loading')} />
        ) : words.isError ? (
          <RequestFailed query={words} />
        ) : words.data.words.length === 0 ? (
          <EmptyState
            icon={<BookIcon />}
            title={t('review.words.emptyTitle')}
            text={t('review.words.emptyText')}
            actions={<ButtonLink to={paths.dashboard}>{t('review.backToMenu')}</ButtonLink>}
          />
        ) : (
          <WordList data={words.data} />
        )}
      </Card>
    </Page>
  );
}

function WordList({ data }: { data: LearnedWords }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(Date.now);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <>
      <div className="words-panel__summary">
        <p>
          {t('review.words.summary', {
            words: t('review.wordCount', { count: data.words.length }),
            due: data.dueNow,
          })}
        </p>
        <ButtonLink to={paths.practice} icon={<BoltIcon />}>
          {t('review.practice.start')}
        </ButtonLink>
      </div>
      <ul className="words-list" aria-label={t('review.words.title')}>
        {data.words.map((word) => {
          const level = strengthLevel(word.strength);
          const days = daysUntil(word.due, now);
          return (
            <li key={word.itemKey} className="words-list__item surface-row" data-testid="learned-word">
              <div className="words-list__word">
                <span className="words-list__text" dir="auto">
                  {word.text}
                </span>
                {word.translation ? (
                  <span className="words-list__translation" dir="auto">
                    {word.translation}
                  </span>
                ) : null}
              </div>
              <div className="words-list__strength">
                <span className={`strength-meter strength-meter--${level}`} aria-hidden="true">
                  <span style={{ inlineSize: `${Math.round(word.strength * 100)}%` }} />
                </span>
                <span className="words-list__label">
                  {t(`review.words.level.${level}`)} · {percent.format(word.strength)}
                </span>
              </div>
              <span className={`words-list__due${days === 0 ? ' words-list__due--now' : ''}`}>
                {days === 0
                  ? t('review.words.dueToday')
                  : t('review.words.dueIn', { days: t('common.days', { count: days }) })}
              </span>
            </li>
          );
        })}
      </ul>
      <ButtonLink to={paths.dashboard} variant="ghost">
        {t('review.backToMenu')}
      </ButtonLink>
    </>
  );
}
