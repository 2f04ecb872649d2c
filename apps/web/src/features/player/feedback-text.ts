import { joinWords } from '@parlo/core/exercises/answer-text';
import type { AnswerEnvelope } from '@parlo/core/exercises/registry';

/** SPEC §7: the four problems a learner can report about an exercise. */
export const reportProblems = ['wrong-answer-marking', 'task-not-visible', 'text-error', 'other'] as const;
export type ReportProblem = (typeof reportProblems)[number];

/** The report is read by the content team, so the problems are written in English whatever the UI. */
const problemDescriptions: Record<ReportProblem, string> = {
  'wrong-answer-marking': 'Wrong answer marking',
  'task-not-visible': 'The task is not visible',
  'text-error': 'Grammar or spelling error in the text',
  other: 'Other',
};

export interface NamedRef {
  id: number;
  name: string;
}

/** Where the exercise sits, from the spoken language down; parts the catalogue did not name are left out. */
export interface ExercisePath {
  language?: NamedRef;
  coursePackage?: NamedRef;
  program?: NamedRef;
  topic?: NamedRef;
  lesson?: NamedRef;
  exercise: { id: number; type: number };
}

/** The answer a learner gave, as text, for "my answer should be accepted" (typed, spoken or built). */
export function reportedAnswer(answer: AnswerEnvelope): string | undefined {
  if ('text' in answer) return answer.text;
  if ('words' in answer) return joinWords(answer.words);
  return undefined;
}

/**
 * SPEC §7 feedback text: the path language, package, program, topic, lesson, exercise, then the problems;
 * with the answer that was marked wrong when the learner says so (issue 31).
 */
export function feedbackText(
  path: ExercisePath,
  problems: readonly ReportProblem[],
  answer?: string,
): string {
  const named = (label: string, ref: NamedRef | undefined) =>
    ref ? [`${label}: ${ref.name} (#${ref.id})`] : [];
  const lines = [
    ...named('Language', path.language),
    ...named('Package', path.coursePackage),
    ...named('Program', path.program),
    ...named('Topic', path.topic),
    ...named('Lesson', path.lesson),
    `Exercise: #${path.exercise.id} (type ${path.exercise.type})`,
    `Problems: ${reportProblems
      .filter((problem) => problems.includes(problem))
      .map((problem) => problemDescriptions[problem])
      .join('; ')}`,
    ...(answer !== undefined && problems.includes('wrong-answer-marking') ? [`Answer: ${answer}`] : []),
  ];
  return lines.join('\n');
}
