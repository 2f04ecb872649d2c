import type { Exercise, ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { createElement, type ReactNode } from 'react';
import { ChooseCorrectTranslation } from './choose-correct-translation/choose-correct-translation.tsx';
import { ChooseMissingWord } from './choose-missing-word/choose-missing-word.tsx';
import { ChoosePictureByTranslation } from './choose-picture-by-translation/choose-picture-by-translation.tsx';
import { ChoosePicture } from './choose-picture/choose-picture.tsx';
import { ChooseTranslation } from './choose-translation/choose-translation.tsx';
import type { ExerciseView, ExerciseViewProps } from './exercise-view.ts';
import { FillInBlanks } from './fill-in-blanks/fill-in-blanks.tsx';
import { FreeTextTranslation } from './free-text-translation/free-text-translation.tsx';
import { ImageTranslationWord } from './image-translation-word/image-translation-word.tsx';
import { IsTranslationCorrect } from './is-translation-correct/is-translation-correct.tsx';
import { ListenAndChoose } from './listen-and-choose/listen-and-choose.tsx';
import { ListenAndRepeat } from './listen-and-repeat/listen-and-repeat.tsx';
import { ListenAndSpeak } from './listen-and-speak/listen-and-speak.tsx';
import { SayThisText } from './say-this-text/say-this-text.tsx';
import { TranslateSentence } from './translate-sentence/translate-sentence.tsx';
import { WriteWhatYouHear } from './write-what-you-hear/write-what-you-hear.tsx';

/** One view per exercise type; a mapped type over the type numbers, so a missing one fails to compile. */
export const exerciseViews: { [T in ExerciseTypeNumber]: ExerciseView<T> } = {
  1: ListenAndSpeak,
  2: IsTranslationCorrect,
  3: ChoosePictureByTranslation,
  4: ChoosePicture,
  5: ChooseTranslation,
  6: ListenAndChoose,
  7: ListenAndRepeat,
  8: ChooseMissingWord,
  9: TranslateSentence,
  10: FillInBlanks,
  11: FreeTextTranslation,
  12: ChooseCorrectTranslation,
  13: WriteWhatYouHear,
  14: SayThisText,
  15: ImageTranslationWord,
};

/**
 * The view for an exercise. TypeScript cannot tie `exercise.type` to the entry it selects, so the view is
 * widened here, once; the map above keeps each entry exact.
 */
function viewFor(exercise: Exercise): ExerciseView<ExerciseTypeNumber> {
  return exerciseViews[exercise.type] as unknown as ExerciseView<ExerciseTypeNumber>;
}

/** Renders the exercise with the view of its type (a stable module-level component per type). */
export function renderExercise(props: ExerciseViewProps<ExerciseTypeNumber>): ReactNode {
  return createElement(viewFor(props.exercise), props);
}

export type { ExerciseViewProps };
