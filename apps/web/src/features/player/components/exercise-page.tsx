import type { Exercise } from '@parlo/core/exercises/registry';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError, SERVER_NOT_RESPONDING } from '../../../lib/api-client.ts';
import { isContentQuery } from '../../../lib/content-query.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { readLocalRecord } from '../../../lib/local-records.ts';
import { forgetQueuedCompletion, queueCompletion } from '../../../lib/offline/completion-sync.ts';
import { useLearnerSwitches, useSession } from '../../../lib/session.ts';
import { isPlayerState, type PlayerState } from '../../../lib/player-route.ts';
import {
  completeRun,
  completionRequest,
  fetchBlitzExercises,
  isLessonQuery,
  lessonQuery,
  newIdempotencyKey,
  startLesson,
  type CompletionOutcome,
  type PlayableLesson,
} from '../api/player-api.ts';
import { courseContextOf, exercisePath, type CourseContext } from '../course-context.ts';
import type { ExercisePath } from '../feedback-text.ts';
import { isSpeechRecognitionAvailable } from '../hooks/use-speech-recognition.ts';
import { destinationFor, offlineDestination } from '../result-state.ts';
import type { RunState } from '../run-state.ts';
import { CANNOT_TALK_RECORD, leaveOutSpeaking, parseCannotTalkAt } from '../speaking.ts';
import { Player } from './player.tsx';
import { paths } from '../../../config/paths.ts';
import { isolated } from '../../../lib/foreign-text.ts';

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
        actions={<ButtonLink to={paths.dashboard}>{t('player.backToMenu')}</ButtonLink>}
      />
    );
  }
  // Each visit is its own run, with its own idempotency key, even when the same lesson is replayed.
  return <LessonRun key={location.key} runId={location.key} playerState={location.state} secret={secret} />;
}

type PreparedRun =
  | { kind: 'limit' }
  | {
      kind: 'ready';
      exercises: Exercise[];
      omittedExerciseIds: number[];
      idempotencyKey: string;
      /** The lesson call's answer: the lesson played, or one of the blitz's lessons (names, rules). */
      playable: PlayableLesson | undefined;
    };

/** POST …/start (lessons only): may the lesson be played now? Offline the answer is assumed yes. */
async function mayStart(state: PlayerState, secret: string | null, signal: AbortSignal): Promise<boolean> {
  // Known to be offline: no point waiting for the start check (issue 17).
  if (state.kind !== 'lesson' || !navigator.onLine) return true;
  try {
    const start = await startLesson(state.lessonId, secret, signal);
    return start.access !== 'limit';
  } catch (error) {
    // Offline (issue 17) the lesson is played from the cache; the server checks the free-lesson limit
    // again when the queued completion arrives, and a refusal is explained then.
    if (!isOutage(error)) throw error;
    return true;
  }
}

/**
 * Start check (lessons only), exercises with what the screens show about them, and the speaking exercises
 * to leave out (SPEC §4 Type 14). A lesson is one read, the lesson call (ADR 027), asked for alongside the
 * start check; a blitz reads its exercises, then the lesson call of its first lesson for the names.
 */
async function prepareRun(
  queryClient: QueryClient,
  state: PlayerState,
  secret: string | null,
  microphone: boolean,
  signal: AbortSignal,
): Promise<PreparedRun> {
  let exercises: Exercise[];
  let playable: PlayableLesson | undefined;
  if (state.kind === 'lesson') {
    const [allowed, lesson] = await Promise.all([
      mayStart(state, secret, signal),
      queryClient.fetchQuery(lessonQuery(state.lessonId)),
    ]);
    if (!allowed) return { kind: 'limit' };
    exercises = lesson.exercises;
    playable = lesson;
  } else {
    exercises = await fetchBlitzExercises(state.blitzTopicId, signal);
    const first = exercises[0];
    // Names only: a blitz plays without them (the title says 'Blitz').
    playable = first
      ? await queryClient.fetchQuery(lessonQuery(first.lessonId)).catch(() => undefined)
      : undefined;
  }
  const served = leaveOutSpeaking(exercises, {
    microphone,
    speechRecognitionAvailable: isSpeechRecognitionAvailable(),
    cannotTalkAt: parseCannotTalkAt(readLocalRecord(CANNOT_TALK_RECORD)),
    now: Date.now(),
  });
  return { kind: 'ready', ...served, idempotencyKey: newIdempotencyKey(), playable };
}

/** The query of one run: its start check and exercises, read once per visit to /exercise. */
const RUN_QUERY = 'player-run';

const LOCKED_CODES = new Set(['LESSON_LOCKED', 'BLITZ_LOCKED', 'BLITZ_NOT_REACHED']);

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
  const queryClient = useQueryClient();
  const { microphone } = useLearnerSwitches();
  const prepared = useQuery({
    queryKey: [RUN_QUERY, runId, playerState, secret, microphone],
    queryFn: ({ signal }) => prepareRun(queryClient, playerState, secret, microphone, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (prepared.isPending) return <FullPageSpinner label={t('player.loading')} />;
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
            <ButtonLink to={paths.dashboard} variant={locked ? 'primary' : 'ghost'}>
              {t('player.backToMenu')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  if (prepared.data.kind === 'limit') return <Navigate to={paths.limit} replace />;
  if (prepared.data.exercises.length === 0) {
    return (
      <Screen
        icon={<BookIcon />}
        title={t('player.empty.title')}
        text={t('player.empty.text')}
        actions={<ButtonLink to={paths.dashboard}>{t('player.backToMenu')}</ButtonLink>}
      />
    );
  }
  const { playable } = prepared.data;
  const context = playable
    ? courseContextOf(
        playable,
        playerState.kind === 'lesson'
          ? { lessonId: playerState.lessonId }
          : { topicId: playerState.blitzTopicId },
      )
    : undefined;
  return (
    <LessonRunPlayer
      playerState={playerState}
      secret={secret}
      prepared={prepared.data}
      context={context}
      reportPath={(exercise) => exercisePath(exercise, playable)}
    />
  );
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
    onSuccess: async (completed, run) => {
      // Saved on this device: the lesson's end screen with what the player counted, marked provisional;
      // the dashboard counts it done and says it will be sent ("saved, will sync").
      if (completed.kind === 'queued') {
        const destination =
          playerState.kind === 'lesson'
            ? offlineDestination(run, playerState)
            : { to: paths.dashboard, state: undefined };
        navigate(destination.to, { state: destination.state, replace: true });
        return;
      }
      const outcome = completed.outcome;
      // Points, progress and the free-lesson count changed: everything but content is stale now. The
      // lesson call's answer stays for the result screens, and this run is over: reading it again would
      // repeat the start check and hold up the next screen for nothing.
      await queryClient.invalidateQueries({
        predicate: (query) =>
          !isContentQuery(query.queryKey) &&
          query.queryKey[0] !== RUN_QUERY &&
          !isLessonQuery(query.queryKey),
      });
      const destination = destinationFor(outcome, playerState);
      navigate(destination.to, { state: destination.state, replace: true });
    },
  });

  const blitz = playerState.kind === 'blitz';
  // The course's name for what is played, isolated from the interface's direction; else the kind of run.
  const name = blitz ? context?.topic.name : context?.lesson?.name;
  const label = name ? isolated(name) : t(blitz ? 'player.blitz' : 'player.lesson');

  return (
    <Player
      exercises={prepared.exercises}
      blitz={blitz}
      label={label}
      courseLanguage={context?.program.languageCode}
      rulesHtml={context?.rulesHtml}
      reportPath={reportPath}
      exitTo={paths.dashboard}
      earnsPoints={playerState.kind === 'lesson' && !playerState.repeat}
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
      <ButtonLink to={paths.dashboard} variant="ghost">
        {t('player.backToMenu')}
      </ButtonLink>
    </div>
  );
}
