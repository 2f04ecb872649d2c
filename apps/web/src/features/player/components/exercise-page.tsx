import type { Exercise } from '@parlo/core/exercises/registry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, BookIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError, SERVER_NOT_RESPONDING } from '../../../lib/api-client.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { readLocalRecord } from '../../../lib/local-records.ts';
import { forgetQueuedCompletion, queueCompletion } from '../../../lib/offline/completion-sync.ts';
import { useLearnerSwitches, useSession } from '../../../lib/session.ts';
import { isPlayerState, type PlayerState } from '../../../lib/player-route.ts';
import {
  completeRun,
  completionRequest,
  fetchRunExercises,
  newIdempotencyKey,
  startLesson,
  type CompletionOutcome,
} from '../api/player-api.ts';
import { findCourseContext, rulesHtmlOf, type CourseContext } from '../course-context.ts';
import type { ExercisePath } from '../feedback-text.ts';
import { isSpeechRecognitionAvailable } from '../hooks/use-speech-recognition.ts';
import { destinationFor } from '../result-state.ts';
import type { RunState } from '../run-state.ts';
import { CANNOT_TALK_RECORD, leaveOutSpeaking, parseCannotTalkAt } from '../speaking.ts';
import { Player } from './player.tsx';

/**
 * SPEC §2 /exercise: plays the lesson or blitz named by the navigation state (lib/player-route.ts).
 * Without it (a typed or reloaded address) and without secret access there is nothing to play.
 */
export function ExercisePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const secret = searchParams.get('secret');
  if (!isPlayerState(location.state)) {
    if (!secret) return <Navigate to="/" replace />;
    return (
      <Screen
        icon={<BookIcon />}
        title={t('player.nothingToPlay.title')}
        text={t('player.nothingToPlay.text')}
        actions={<ButtonLink to="/dashboard">{t('player.backToMenu')}</ButtonLink>}
      />
    );
  }
  // Each visit is its own run, with its own idempotency key, even when the same lesson is replayed.
  return <LessonRun key={location.key} runId={location.key} playerState={location.state} secret={secret} />;
}

type PreparedRun =
  | { kind: 'limit' }
  | { kind: 'ready'; exercises: Exercise[]; omittedExerciseIds: number[]; idempotencyKey: string };

/** Start check (lessons only), exercises, and the speaking exercises to leave out (SPEC §4 Type 14). */
async function prepareRun(
  state: PlayerState,
  secret: string | null,
  microphone: boolean,
  signal: AbortSignal,
): Promise<PreparedRun> {
  // Known to be offline: no point waiting for the start check (issue 17).
  if (state.kind === 'lesson' && navigator.onLine) {
    try {
      const start = await startLesson(state.lessonId, secret, signal);
      if (start.access === 'limit') return { kind: 'limit' };
    } catch (error) {
      // Offline (issue 17) the lesson is played from the cache; the server checks the free-lesson limit
      // again when the queued completion arrives, and a refusal is explained then.
      if (!isOutage(error)) throw error;
    }
  }
  const exercises = await fetchRunExercises(state, signal);
  const served = leaveOutSpeaking(exercises, {
    microphone,
    speechRecognitionAvailable: isSpeechRecognitionAvailable(),
    cannotTalkAt: parseCannotTalkAt(readLocalRecord(CANNOT_TALK_RECORD)),
    now: Date.now(),
  });
  return { kind: 'ready', ...served, idempotencyKey: newIdempotencyKey() };
}

const LOCKED_CODES = new Set(['LESSON_LOCKED', 'BLITZ_LOCKED']);

/** No answer from the server at all: the network is gone (or the server is), not a refusal. */
function isOutage(error: unknown): boolean {
  return !isApiError(error) || error.code === SERVER_NOT_RESPONDING;
}

/** Online the server's outcome; offline the run waits in the queue (lib/offline) with its key. */
type Completion = { kind: 'sent'; outcome: CompletionOutcome } | { kind: 'queued' };

function LessonRun({
  runId,
  playerState,
  secret,
}: {
  runId: string;
  playerState: PlayerState;
  secret: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const catalogue = useCatalogue();
  const { microphone } = useLearnerSwitches();
  const prepared = useQuery({
    queryKey: ['player-run', runId, playerState, secret, microphone],
    queryFn: ({ signal }) => prepareRun(playerState, secret, microphone, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (prepared.isPending || catalogue.isPending) return <FullPageSpinner label={t('player.loading')} />;
  if (prepared.isError) {
    const locked = isApiError(prepared.error) && LOCKED_CODES.has(prepared.error.code);
    return (
      <Screen
        tone="danger"
        icon={<AlertIcon />}
        title={locked ? t('player.locked.title') : t('player.loadFailed')}
        text={locked ? t(`player.locked.${playerState.kind}`) : errorText(prepared.error)}
        actions={
          <>
            {locked ? null : <Button onClick={() => void prepared.refetch()}>{t('common.retry')}</Button>}
            <ButtonLink to="/dashboard" variant={locked ? 'primary' : 'ghost'}>
              {t('player.backToMenu')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  if (prepared.data.kind === 'limit') return <Navigate to="/limit" replace />;
  if (prepared.data.exercises.length === 0) {
    return (
      <Screen
        icon={<BookIcon />}
        title={t('player.empty.title')}
        text={t('player.empty.text')}
        actions={<ButtonLink to="/dashboard">{t('player.backToMenu')}</ButtonLink>}
      />
    );
  }
  const languages = catalogue.data ?? [];
  const context = findCourseContext(
    languages,
    playerState.kind === 'lesson'
      ? { topicId: playerState.topicId, lessonId: playerState.lessonId }
      : { topicId: playerState.blitzTopicId },
  );
  return (
    <LessonRunPlayer
      playerState={playerState}
      secret={secret}
      prepared={prepared.data}
      context={context}
      reportPath={(exercise) =>
        exercisePath(exercise, findCourseContext(languages, { lessonId: exercise.lessonId }) ?? context)
      }
    />
  );
}

/** SPEC §7 feedback: the path from the spoken language down to the exercise. */
function exercisePath(exercise: Exercise, context: CourseContext | undefined): ExercisePath {
  const lesson = context?.lesson?.id === exercise.lessonId ? context.lesson : undefined;
  return {
    ...(context
      ? {
          language: context.language,
          coursePackage: context.coursePackage,
          program: context.program,
          topic: { id: context.topic.id, name: context.topic.name },
        }
      : {}),
    ...(lesson ? { lesson: { id: lesson.id, name: lesson.name } } : {}),
    exercise: { id: exercise.id, type: exercise.type },
  };
}

interface LessonRunPlayerProps {
  playerState: PlayerState;
  secret: string | null;
  prepared: Extract<PreparedRun, { kind: 'ready' }>;
  context: CourseContext | undefined;
  reportPath: (exercise: Exercise) => ExercisePath;
}

function LessonRunPlayer({ playerState, secret, prepared, context, reportPath }: LessonRunPlayerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Fixed for this run: a retry after a failed send must be recognised as the same run.
  const [idempotencyKey] = useState(prepared.idempotencyKey);
  const { data: user } = useSession();
  const completion = useMutation<Completion, Error, RunState>({
    mutationFn: async (run) => {
      const finished = {
        idempotencyKey,
        attempts: run.attempts,
        omittedExerciseIds: prepared.omittedExerciseIds,
      };
      try {
        const outcome = await completeRun(playerState, finished, secret);
        // A retry that got through: the copy kept on the device is no longer needed.
        if (user) await forgetQueuedCompletion(user.id, idempotencyKey);
        return { kind: 'sent', outcome };
      } catch (error) {
        if (!isOutage(error) || !user) throw error;
        // No answer: the run is kept on the device first, so closing the tab loses nothing.
        await queueCompletion({
          key: idempotencyKey,
          userId: user.id,
          finishedAt: Date.now(),
          run:
            playerState.kind === 'lesson'
              ? { kind: 'lesson', lessonId: playerState.lessonId }
              : { kind: 'blitz', topicId: playerState.blitzTopicId },
          body: completionRequest(finished),
        });
        // Offline it waits for the connection; online (the server did not answer) the player offers a
        // retry with the same key, and the queue sends it on the next start if the learner leaves.
        if (!navigator.onLine) return { kind: 'queued' };
        throw error;
      }
    },
    onSuccess: async (completed) => {
      // Saved on this device: the dashboard says it will be sent ("saved, will sync").
      if (completed.kind === 'queued') {
        navigate('/dashboard', { replace: true });
        return;
      }
      const outcome = completed.outcome;
      // Points, progress and the free-lesson count changed: everything but the catalogue is stale now.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
      const destination = destinationFor(outcome.route, playerState, outcome.pointsTotal);
      navigate(destination.to, { state: destination.state, replace: true });
    },
  });

  const label =
    playerState.kind === 'blitz'
      ? (context?.topic.name ?? t('player.blitz'))
      : (context?.lesson?.name ?? t('player.lesson'));

  return (
    <Player
      exercises={prepared.exercises}
      blitz={playerState.kind === 'blitz'}
      label={label}
      courseLanguage={context?.program.languageCode}
      rulesHtml={context ? rulesHtmlOf(context.topic) : undefined}
      reportPath={reportPath}
      exitTo="/dashboard"
      onFinished={(run) => completion.mutate(run)}
      finishedView={
        <CompletionStatus
          error={completion.isError ? completion.error : undefined}
          onRetry={() => {
            if (completion.variables) completion.mutate(completion.variables);
          }}
        />
      }
    />
  );
}

/** While the run is sent: a spinner; if sending failed: the reason and a retry with the same key. */
function CompletionStatus({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  if (!error) {
    return (
      <div className="completion">
        <Spinner size="lg" label={t('player.finish.saving')} />
        <p className="completion__text" aria-hidden="true">
          {t('player.finish.saving')}
        </p>
      </div>
    );
  }
  const outage = !isApiError(error) || error.code === SERVER_NOT_RESPONDING || error.status >= 500;
  return (
    <div className="completion">
      <Alert
        action={
          <Button size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        <strong>{outage ? t('player.finish.failed') : t('player.finish.rejected')}</strong> {errorText(error)}
      </Alert>
      <ButtonLink to="/dashboard" variant="ghost">
        {t('player.backToMenu')}
      </ButtonLink>
    </div>
  );
}
