import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { fetchPreviewExercise } from '../api/player-api.ts';
import { exercisePath, rulesHtmlOf } from '../course-context.ts';
import type { RunState } from '../run-state.ts';
import { Player } from './player.tsx';

/**
 * SPEC §2 /exercise/{id}: one exercise, for holders of the secret only (the server checks it). It plays
 * with instant feedback like in a lesson, but nothing is sent or counted.
 */
export function ExercisePreviewPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const secret = searchParams.get('secret');
  const exerciseId = Number(id);
  if (!secret || !Number.isInteger(exerciseId) || exerciseId <= 0) return <Navigate to="/" replace />;
  // Another exercise is another run: a link from one preview to the next starts the player afresh.
  return <Preview key={exerciseId} exerciseId={exerciseId} secret={secret} />;
}

function Preview({ exerciseId, secret }: { exerciseId: number; secret: string }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const preview = useQuery({
    queryKey: ['exercise-preview', exerciseId, secret],
    queryFn: ({ signal }) => fetchPreviewExercise(exerciseId, secret, signal),
    staleTime: Infinity,
  });
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<RunState | undefined>(undefined);

  if (preview.isPending) return <FullPageSpinner label={t('player.loading')} />;
  if (preview.isError) {
    return (
      <Screen
        tone="danger"
        icon={<AlertIcon />}
        title={t('player.preview.unavailable')}
        text={errorText(preview.error)}
        actions={<ButtonLink to="/">{t('common.goHome')}</ButtonLink>}
      />
    );
  }
  // The lesson's place in the course comes with the exercise; null while the lesson is unpublished.
  const { exercise, lesson, place } = preview.data;
  return (
    <Player
      key={round}
      exercises={[exercise]}
      blitz={false}
      label={t('player.preview.title')}
      courseLanguage={place?.program.languageCode}
      rulesHtml={place ? rulesHtmlOf(place.topic) : undefined}
      reportPath={() => ({
        ...exercisePath(exercise, place ?? undefined),
        // An unpublished lesson is not in its topic's list; its name comes with the exercise.
        lesson: { id: lesson.id, name: lesson.name },
      })}
      exitTo="/"
      onFinished={setResult}
      finishedView={
        <div className="completion">
          <div className="completion__icon" aria-hidden="true">
            <CheckIcon />
          </div>
          <h1 className="completion__title">{t('player.preview.finished')}</h1>
          <p className="completion__text">
            {t('player.preview.summary', { n: result?.attempts.length ?? 0 })}
          </p>
          <Button
            onClick={() => {
              setResult(undefined);
              setRound((current) => current + 1);
            }}
          >
            {t('player.preview.playAgain')}
          </Button>
        </div>
      }
    />
  );
}
