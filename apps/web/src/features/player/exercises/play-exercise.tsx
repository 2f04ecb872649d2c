/*
 * Shared by the exercise component tests (`<type>/<type>.test.tsx`, in happy-dom): one exercise played in the
 * real player, so a test sees what the learner sees (the title, the exercise, the main button, the result
 * panel) and reads the answers the player sends from the run it finishes. Not part of the app bundle:
 * only the tests import it.
 */
import {
  exerciseSchema,
  type Exercise,
  type ExerciseOfType,
  type ExerciseTypeNumber,
} from '@parlo/core/exercises/registry';
import { testExercise } from '@parlo/core/exercises/exercise-factory';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n.ts';
import { loadAllEnglish } from '../../../i18n/resources.ts';
import { sessionQueryKey, type SessionUser } from '../../../lib/session.ts';
import { Player } from '../components/player.tsx';
import type { RunState } from '../run-state.ts';
import { paths } from '../../../config/paths.ts';

// getByRole's visibility check reads the computed style of every element: seconds per query for the whole
// player on a busy 2-core machine. Nothing these tests look for can be hidden: closed dialogs are not
// rendered, and what a used chip leaves behind is a plain span, not a button.
configure({ defaultHidden: true });
// A whole player renders per test; on a machine shared with other jobs that can outlast the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

/** The app's own English texts (every feature's), in an instance of the app's i18next set-up. */
const i18n = createI18n('en', { en: await loadAllEnglish() });

/** A recording the player started: which file, at which speed. */
export interface PlayedRecording {
  src: string;
  rate: number;
  element: HTMLMediaElement;
}

/** Every play() of an audio element since the test began (recordings and sound effects alike). */
export const played: PlayedRecording[] = [];

beforeEach(() => {
  played.length = 0;
  // happy-dom's <audio> plays nothing but keeps its state and events; this spy only notes each play()
  // (the file and speed at that moment) and then lets it run.
  const play = HTMLMediaElement.prototype.play;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push({ src: this.src, rate: this.playbackRate, element: this });
    return play.call(this);
  });
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/**
 * An exercise as the lesson call serves it: the common fields filled in, and parsed with the schema the
 * contract validates the API's answer with, so test data cannot drift from the real shape.
 */
export function servedExercise<T extends ExerciseTypeNumber>(
  type: T,
  fields: Parameters<typeof testExercise<T>>[1],
): ExerciseOfType<T> {
  // The schema's union output does not narrow to the type given; the parse has just checked it is that one.
  return exerciseSchema.parse(testExercise(type, fields, { id: 7101, lessonId: 71 })) as ExerciseOfType<T>;
}

interface PlayOptions {
  /** The course's language code (program.languageCode). */
  courseLanguage?: string;
  /** The signed-in learner's settings; a guest (null) has every switch on. */
  settings?: Partial<SessionUser['settings']>;
}

/** Renders the player with this one exercise, as a lesson of the Spanish course by default. */
export function playExercise(exercise: Exercise, { courseLanguage = 'es', settings }: PlayOptions = {}) {
  // No pause between simulated key presses and clicks (nothing here waits on a timer), and no computed-style
  // walk per click: no exercise hides a control with pointer-events.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const finished = vi.fn<(run: RunState) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The session is already known, so the player reads the learner's switches without calling the API.
  queryClient.setQueryData(
    sessionQueryKey,
    settings ? ({ id: 1, settings } as unknown as SessionUser) : null,
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Player
            exercises={[exercise]}
            blitz={false}
            label="Lesson"
            courseLanguage={courseLanguage}
            rulesHtml={undefined}
            reportPath={(shown) => ({ exercise: { id: shown.id, type: shown.type } })}
            exitTo={paths.dashboard}
            onFinished={finished}
            finishedView={<p>Lesson finished</p>}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return {
    user,
    /** The answers of the finished run, in order, exactly as the completion call sends them. */
    sentAnswers: () => {
      const run = finished.mock.calls[0]?.[0];
      if (!run) throw new Error('the run has not finished');
      return run.attempts.map((attempt) => ({ exerciseId: attempt.exerciseId, answer: attempt.answer }));
    },
    finished,
  };
}

/** The exercise's title, the prompt at the top of the screen. */
export function title(): HTMLElement {
  return screen.getByRole('heading', { level: 1 });
}

/** The footer's main button ('Check', 'Further' or 'Right'). */
export function mainButton(name: 'Check' | 'Further' | 'Right'): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

export function continueButton(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
}

/** The phrase recordings played (not the correct/incorrect sound effects). */
export function playedPhrases(): PlayedRecording[] {
  return played.filter((recording) => !new URL(recording.src).pathname.startsWith('/audio/static/'));
}

/** The message of the footer's result panel after a check: its title, then the right answer if any. */
export function resultPanel(): HTMLElement {
  const panel = document.querySelector<HTMLElement>('.result-panel [role="status"]');
  if (!panel) throw new Error('no result panel on screen');
  return panel;
}
