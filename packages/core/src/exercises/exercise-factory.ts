import type { Exercise, ExerciseOfType, ExerciseTypeNumber } from './registry.ts';

/** Factory for tests and seeds: an exercise of one type with the common fields filled in. */
export function testExercise<T extends ExerciseTypeNumber>(
  type: T,
  fields: Omit<ExerciseOfType<T>, 'id' | 'type' | 'lessonId' | 'blitz' | 'enabled' | 'order'>,
  common: Partial<Pick<Exercise, 'id' | 'lessonId' | 'blitz' | 'enabled' | 'order'>> = {},
): ExerciseOfType<T> {
  return {
    id: 1,
    lessonId: 1,
    blitz: false,
    enabled: true,
    order: 0,
    ...common,
    type,
    ...fields,
  } as ExerciseOfType<T>;
}
