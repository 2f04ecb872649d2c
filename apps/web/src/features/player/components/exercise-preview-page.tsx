import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useCatalogue, type SpokenLanguage } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { fetchPreviewExercise } from '../api/player-api.ts';
import { rulesHtmlOf } from '../course-context.ts';
import type { RunState } from '../run-state.ts';
import { Player } from './player.tsx';

/**
 * A topic with its course around it. The preview is for holders of the secret, who need not be signed in,
 * so it reads the public catalogue rather than the lesson call (learners only, ADR 027).
 */
function topicInCatalogue(languages: readonly SpokenLanguage[], topicId: number) {
  for (const language of languages)
    for (const coursePackage of language.packages)
      for (const program of coursePackage.programs) {
        const topic = program.topics.find((item) => item.id === topicId);
        if (topic) {
          return {
            language: { id: language.id, name: language.name },
            coursePackage: { id: coursePackage.id, name: coursePackage.name },
            program: { id: program.id, name: program.name, languageCode: program.languageCode },
            topic,
          };
        }
      }
  return undefined;
}

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
  return <Preview exerciseId={exerciseId} secret={secret} />;
}

function Preview({ exerciseId, secret }: { exerciseId: number; secret: string }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const catalogue = useCatalogue();
  const preview = useQuery({
    queryKey: ['exercise-preview', exerciseId, secret],
    queryFn: ({ signal }) => fetchPreviewExercise(exerciseId, secret, signal),
    staleTime: Infinity,
  });
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<RunState | undefined>(undefined);

  if (preview.isPending || catalogue.isPending) return <FullPageSpinner label={t('player.loading')} />;
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
  const { exercise, lesson } = preview.data;
  const context = topicInCatalogue(catalogue.data ?? [], lesson.topicId);
  return (
    <Player
      key={round}
      exercises={[exercise]}
      blitz={false}
      label={t('player.preview.title')}
      courseLanguage={context?.program.languageCode}
      rulesHtml={context ? rulesHtmlOf(context.topic) : undefined}
      reportPath={() => ({
        ...(context
          ? {
              language: context.language,
              coursePackage: context.coursePackage,
              program: { id: context.program.id, name: context.program.name },
              topic: { id: context.topic.id, name: context.topic.name },
            }
          : {}),
        lesson: { id: lesson.id, name: lesson.name },
        exercise: { id: exercise.id, type: exercise.type },
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
