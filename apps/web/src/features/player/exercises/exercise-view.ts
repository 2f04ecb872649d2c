import type { AnswerEnvelope, ExerciseOfType, ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import type { ReactNode } from 'react';

/** What the player tells the exercise on screen, and how the exercise answers back. */
export interface ExerciseViewProps<T extends ExerciseTypeNumber> {
  exercise: ExerciseOfType<T>;
  /** The answer being prepared; undefined while nothing is chosen (the main button stays off). */
  draft: AnswerEnvelope | undefined;
  onDraftChange: (draft: AnswerEnvelope | undefined) => void;
  /** Answers at once, without the main button ('cannot talk', a refused microphone). */
  onSubmit: (answer: AnswerEnvelope) => void;
  /** The result panel is up: the exercise shows what was answered and takes no input. */
  locked: boolean;
  /** How the last check went, to colour the chosen option. */
  verdict: 'right' | 'wrong' | undefined;
  /** The target language's code (program.languageCode): recordings and speech recognition. */
  courseLanguage: string | undefined;
}

export type ExerciseView<T extends ExerciseTypeNumber> = (props: ExerciseViewProps<T>) => ReactNode;

export function choiceOf(draft: AnswerEnvelope | undefined): number | undefined {
  return draft && 'choice' in draft ? draft.choice : undefined;
}

export function textOf(draft: AnswerEnvelope | undefined): string {
  return draft && 'text' in draft ? draft.text : '';
}

/** A typed answer counts once it has something besides spaces (the server's rule too). */
export function textDraft(text: string): AnswerEnvelope | undefined {
  return text.trim() === '' ? undefined : { text };
}
