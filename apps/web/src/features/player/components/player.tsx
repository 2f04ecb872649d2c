import './player.css';
import {
  checkAnswer,
  hasNotProperlyButton,
  isSpeaking,
  mainButtonFor,
  titleFor,
  type AnswerEnvelope,
  type CheckResult,
  type Exercise,
} from '@parlo/core/exercises/registry';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { CloseIcon } from '../../../components/ui/more-icons.tsx';
import { renderExercise } from '../exercises/registry.ts';
import { reportedAnswer, type ExercisePath } from '../feedback-text.ts';
import { isTypingOrInDialog, useNumberKeys } from '../hooks/use-number-keys.ts';
import { useSoundEffects } from '../hooks/use-sound-effects.ts';
import {
  advance,
  currentExerciseId,
  isRunFinished,
  mistakesLeft,
  progressPercent,
  recordAttempt,
  settleSpeakingExercises,
  startRun,
  type RunState,
} from '../run-state.ts';
import { rememberCannotTalk } from '../speaking.ts';
import { ReportDialog } from './report-dialog.tsx';
import { ResultPanel, type Panel } from './result-panel.tsx';
import { RulesDialog } from './rules-dialog.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { isolated } from '../../../lib/foreign-text.ts';

export interface PlayerProps {
  /** The exercises to play, in order ('say this text' already left out where it cannot be offered). */
  exercises: readonly Exercise[];
  blitz: boolean;
  /** Shown in the browser tab. */
  label: string;
  courseLanguage: string | undefined;
  rulesHtml: string | undefined;
  reportPath: (exercise: Exercise) => ExercisePath;
  /** Where 'quit' in the leave dialog goes. */
  exitTo: string;
  /** The run is over (all answered, or a blitz lost); called once, from the learner's last action. */
  onFinished: (run: RunState) => void;
  /** What replaces the exercise once the run is over (saving, retry, or the preview's end). */
  finishedView: ReactNode;
  /** Practice earns no points (ADR 007), so its 'correct' panel shows none; lessons do. */
  earnsPoints?: boolean;
}

/** Time since the exercise on screen appeared: the answer's response time (issue 16). */
class Stopwatch {
  private startedAt = performance.now();
  restart(): void {
    this.startedAt = performance.now();
  }
  elapsedMs(): number {
    return Math.round(performance.now() - this.startedAt);
  }
}

type DialogName = 'leave' | 'skip' | 'rules' | 'report';

/**
 * The lesson player (SPEC §2 'Exercise player layout', §4 'Exercise player'): header with close, progress
 * and rules; the title; the exercise sliding in; the footer with skip and the main button, which becomes
 * the result panel after a check. Answers are checked in the browser with core's checkAnswer for instant
 * feedback; the attempts go to the server, which checks them again.
 */
export function Player({
  exercises,
  blitz,
  label,
  courseLanguage,
  rulesHtml,
  reportPath,
  exitTo,
  onFinished,
  finishedView,
  earnsPoints = !blitz,
}: PlayerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const playSound = useSoundEffects();
  const [run, setRun] = useState(() =>
    startRun(
      exercises.map((exercise) => exercise.id),
      { blitz },
    ),
  );
  const [draft, setDraft] = useState<AnswerEnvelope | undefined>(undefined);
  const [panel, setPanel] = useState<Panel | undefined>(undefined);
  // The answer the incorrect panel is about, for "my answer should be accepted" (issue 31).
  const [wrongAnswer, setWrongAnswer] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<DialogName | undefined>(undefined);
  const [finished, setFinished] = useState(() => isRunFinished(run));
  const byId = useMemo(() => new Map(exercises.map((exercise) => [exercise.id, exercise])), [exercises]);
  const currentId = currentExerciseId(run);
  const exercise = currentId === undefined ? undefined : byId.get(currentId);
  // When the exercise on screen appeared (each turn), for the answer's response time.
  const [stopwatch] = useState(() => new Stopwatch());
  useEffect(() => stopwatch.restart(), [stopwatch, run.turn]);

  const moveOn = (next: RunState) => {
    setPanel(undefined);
    setWrongAnswer(undefined);
    setDraft(undefined);
    if (isRunFinished(next)) {
      setRun(next);
      setFinished(true);
      onFinished(next);
    } else {
      setRun(advance(next));
    }
  };

  const submit = (answer: AnswerEnvelope) => {
    if (!exercise || panel || finished) return;
    let result: CheckResult;
    try {
      result = checkAnswer(exercise, answer);
    } catch {
      // An answer that does not fit the type is a bug in its view; the learner just tries again.
      return;
    }
    const next = recordAttempt(run, exercise.id, answer, result, stopwatch.elapsedMs());
    switch (result.outcome) {
      case 'seen':
      case 'skipped':
        moveOn(next);
        return;
      case 'cannot-talk': {
        rememberCannotTalk();
        const waiting = exercises
          .filter((candidate) => isSpeaking(candidate.type))
          .map((candidate) => candidate.id);
        setRun(settleSpeakingExercises(next, waiting));
        setPanel({ kind: 'microphone-off' });
        return;
      }
      case 'right':
        playSound('correct');
        setRun(next);
        setPanel({ kind: 'correct', rightAnswer: result.rightAnswer, typed: result.typed });
        return;
      case 'wrong':
        playSound('incorrect');
        setRun(next);
        setWrongAnswer(reportedAnswer(answer));
        setPanel({ kind: 'incorrect', rightAnswer: result.rightAnswer, mistakesLeft: mistakesLeft(next) });
    }
  };

  const mainButton = exercise ? mainButtonFor(exercise.type) : 'verify';
  const mainAction = () => {
    if (mainButton === 'further') submit({});
    else if (mainButton === 'right') submit({ verdict: 'right' });
    else if (draft) submit(draft);
  };

  // Types 2 and 15 have no options to number: 1 answers 'right' and 2 'not properly', as on screen.
  useNumberKeys(
    2,
    (index) => submit({ verdict: index === 0 ? 'right' : 'not-properly' }),
    mainButton === 'right' && !panel && !finished && !dialog,
  );

  // Enter verifies or continues (buttons and links keep their own Enter; dialogs are left alone).
  const enterAction = useRef<() => void>(() => undefined);
  useEffect(() => {
    enterAction.current = () => {
      if (finished || dialog) return;
      if (panel) moveOn(run);
      else if (mainButton !== 'right') mainAction();
    };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.repeat || event.defaultPrevented) return;
      const target = event.target;
      if (target instanceof HTMLElement) {
        if (target.closest('button, a, [role="checkbox"], textarea')) return;
        if (isTypingOrInDialog(target) && target.tagName !== 'INPUT') return;
      }
      event.preventDefault();
      enterAction.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useDocumentTitle(label);
  const percent = Math.round(progressPercent(run));
  const title = exercise ? titleText(exercise, t) : '';
  const verdict = panel?.kind === 'correct' ? 'right' : panel?.kind === 'incorrect' ? 'wrong' : undefined;

  return (
    <div className={`player${blitz ? ' player--blitz' : ''}`}>
      <header className="player__header">
        <button
          type="button"
          className="icon-button"
          aria-label={t('player.close')}
          onClick={() => setDialog('leave')}
        >
          <CloseIcon />
        </button>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('player.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress__fill" style={{ inlineSize: `${percent}%` }} />
        </div>
        {blitz ? (
          <span className="player__lives" title={t('player.mistakesLeft', { n: mistakesLeft(run) })}>
            <HeartIcon />
            <span aria-hidden="true">{mistakesLeft(run)}</span>
            <span className="visually-hidden">{t('player.mistakesLeft', { n: mistakesLeft(run) })}</span>
          </span>
        ) : null}
        {rulesHtml ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('player.rules')}
            onClick={() => setDialog('rules')}
          >
            <InfoIcon />
          </button>
        ) : null}
      </header>

      {finished ? (
        <div className="player__finished">{finishedView}</div>
      ) : exercise ? (
        <>
          <div className="player__stage">
            <div className="player__slide" key={run.turn} data-exercise-type={exercise.type}>
              <h1 className="player__title">{title}</h1>
              {renderExercise({
                exercise,
                draft,
                onDraftChange: setDraft,
                onSubmit: submit,
                locked: panel !== undefined,
                verdict,
                courseLanguage,
              })}
            </div>
          </div>
          <footer className={`player__footer player__footer--${panel?.kind ?? 'default'}`}>
            {panel ? (
              <ResultPanel
                panel={panel}
                blitz={blitz}
                earnsPoints={earnsPoints}
                onContinue={() => moveOn(run)}
                onReport={() => setDialog('report')}
              />
            ) : (
              <div className="player__footer-inner">
                <button type="button" className="link-button player__skip" onClick={() => setDialog('skip')}>
                  {t('player.buttons.skip')}
                </button>
                <div className="player__actions">
                  {hasNotProperlyButton(exercise.type) ? (
                    <Button variant="secondary" size="lg" onClick={() => submit({ verdict: 'not-properly' })}>
                      {t('player.buttons.notProperly')}
                    </Button>
                  ) : null}
                  <Button
                    size="lg"
                    className="player__main"
                    disabled={mainButton === 'verify' && !draft}
                    onClick={mainAction}
                  >
                    {t(`player.buttons.${mainButton}`)}
                  </Button>
                </div>
              </div>
            )}
          </footer>
        </>
      ) : null}

      <Dialog
        open={dialog === 'leave'}
        onOpenChange={(open) => setDialog(open ? 'leave' : undefined)}
        title={t('player.leave.title')}
        description={t('player.leave.text')}
        closeLabel={t('common.close')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('common.cancel')}</Button>
            </DialogClose>
            <Button variant="danger" onClick={() => navigate(exitTo)}>
              {t('player.leave.quit')}
            </Button>
          </>
        }
      />
      <Dialog
        open={dialog === 'skip'}
        onOpenChange={(open) => setDialog(open ? 'skip' : undefined)}
        title={t('player.skip.title')}
        description={blitz ? t('player.skip.blitzText') : t('player.skip.text')}
        closeLabel={t('common.close')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setDialog(undefined);
                submit({ skipped: true });
              }}
            >
              {t('player.skip.confirm')}
            </Button>
          </>
        }
      />
      {rulesHtml ? (
        <RulesDialog
          open={dialog === 'rules'}
          onOpenChange={(open) => setDialog(open ? 'rules' : undefined)}
          html={rulesHtml}
        />
      ) : null}
      <ReportDialog
        open={dialog === 'report'}
        path={exercise ? reportPath(exercise) : undefined}
        answer={panel?.kind === 'incorrect' ? wrongAnswer : undefined}
        onClose={() => setDialog(undefined)}
      />
    </div>
  );
}

function titleText(
  exercise: Exercise,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const title = titleFor(exercise);
  switch (title.kind) {
    case 'label':
      return t(`player.titles.${title.label}`);
    case 'text':
      return title.text;
    case 'choose':
      return t('player.titles.choose', { word: isolated(title.word) });
  }
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.4 4.5 7 4.5c2 0 3.6 1.2 5 3 1.4-1.8 3-3 5-3 3.6 0 5.5 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
      />
    </svg>
  );
}
