import type { PracticeOutcome, PracticeSession } from '@parlo/contract/review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { readLocalRecord } from '../../../lib/local-records.ts';
import { canOfferSpeaking } from '@parlo/core/exercises/say-this-text/say-this-text';
import { lessonQuery, newIdempotencyKey } from '../api/player-api.ts';
import { completePractice, practiceQuery } from '../api/practice-api.ts';
import { isSpeechRecognitionAvailable } from '../hooks/use-speech-recognition.ts';
import type { RunState } from '../run-state.ts';
import { CANNOT_TALK_RECORD, parseCannotTalkAt } from '../speaking.ts';
import { Player } from './player.tsx';
import { paths } from '../../../config/paths.ts';

/** Whether 'say this text' can be offered now (SPEC §4 type 14: a recogniser, no 'cannot talk' this hour). */
function canSpeakNow(): boolean {
  return canOfferSpeaking({
    speechRecognitionAvailable: isSpeechRecognitionAvailable(),
    cannotTalkAt: parseCannotTalkAt(readLocalRecord(CANNOT_TALK_RECORD)),
    now: Date.now(),
  });
}

/**
 * /practice (issue 16): the words due now (else the weakest), one exercise each, played in the lesson
 * player (one player, one way of answering). It earns no points (ADR 007).
 */
export function PracticePage() {
  const location = useLocation();
  return <PracticeLoader key={location.key} />;
}

function PracticeLoader() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const [speaking] = useState(canSpeakNow);
  const session = useQuery(practiceQuery(speaking));
  if (session.isPending) return <FullPageSpinner label={t('review.practice.loading')} />;
  if (session.isError) {
    return (
      <Screen
        tone="danger"
        icon={<AlertIcon />}
        title={t('review.practice.loadFailed')}
        text={errorText(session.error)}
        actions={
          <>
            <Button onClick={() => void session.refetch()}>{t('common.retry')}</Button>
            <ButtonLink to={paths.dashboard} variant="ghost">
              {t('review.backToMenu')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  if (session.data.exercises.length === 0) {
    return (
      <Screen
        icon={<BookIcon />}
        title={t('review.practice.emptyTitle')}
        text={t('review.practice.emptyText')}
        actions={<ButtonLink to={paths.dashboard}>{t('review.backToMenu')}</ButtonLink>}
      />
    );
  }
  return <PracticeRun session={session.data} />;
}

function PracticeRun({ session }: { session: PracticeSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const completion = useMutation<PracticeOutcome, Error, RunState>({
    mutationFn: (run) => completePractice({ idempotencyKey, attempts: [...run.attempts] }),
    // The words panel and the dashboard's practice card read the memory this just moved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review'] }),
  });
  // The recordings' language: the lesson call of the first word's lesson names it (ADR 027).
  const first = session.exercises[0];
  const courseLanguage = useQuery({ ...lessonQuery(first?.lessonId ?? 0), enabled: first !== undefined }).data
    ?.program.languageCode;
  return (
    <Player
      exercises={session.exercises}
      blitz={false}
      earnsPoints={false}
      label={t('review.practice.title')}
      courseLanguage={courseLanguage}
      rulesHtml={undefined}
      reportPath={(exercise) => ({ exercise: { id: exercise.id, type: exercise.type } })}
      exitTo={paths.dashboard}
      onFinished={(run) => completion.mutate(run)}
      finishedView={
        completion.isSuccess ? (
          <PracticeDone outcome={completion.data} />
        ) : (
          <PracticeSaving
            error={completion.isError ? completion.error : undefined}
            onRetry={() => {
              if (completion.variables) completion.mutate(completion.variables);
            }}
          />
        )
      }
    />
  );
}

function PracticeSaving({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  if (!error) return <Spinner size="lg" label={t('review.practice.saving')} />;
  return (
    <div className="practice-done">
      <Alert
        action={
          <Button size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        <strong>{t('review.practice.saveFailed')}</strong> {errorText(error)}
      </Alert>
      <ButtonLink to={paths.dashboard} variant="ghost">
        {t('review.backToMenu')}
      </ButtonLink>
    </div>
  );
}

function PracticeDone({ outcome }: { outcome: PracticeOutcome }) {
  const { t } = useTranslation();
  return (
    <div className="practice-done">
      <EmptyState
        headingLevel={1}
        tone="success"
        icon={<CheckIcon />}
        title={t('review.practice.doneTitle')}
        text={t('review.practice.doneText', {
          words: t('review.wordCount', { count: outcome.itemsReviewed }),
          right: outcome.rightAnswers,
          mistakes: outcome.errorCount,
        })}
        actions={
          <>
            <ButtonLink to={paths.practice}>{t('review.practice.again')}</ButtonLink>
            <ButtonLink to={paths.words} variant="secondary">
              {t('review.words.open')}
            </ButtonLink>
            <ButtonLink to={paths.dashboard} variant="ghost">
              {t('review.backToMenu')}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
