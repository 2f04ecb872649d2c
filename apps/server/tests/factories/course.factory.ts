import type { ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import type { Database } from '../../src/db/client.ts';
import { exercises, languages, lessons, packages, programs, statuses, topics } from '../../src/db/schema.ts';
import { exerciseSamples } from './exercise-samples.ts';

export interface SeededExercise {
  id: number;
  type: ExerciseTypeNumber;
  blitz: boolean;
}
export interface SeededLesson {
  id: number;
  type: 0 | 1 | 2;
  exercises: SeededExercise[];
}
export interface SeededTopic {
  id: number;
  type: 0 | 2;
  basic: boolean;
  lessons: SeededLesson[];
}
export interface SeededCourse {
  languageId: number;
  packageId: number;
  soonPackageId: number;
  programId: number;
  topics: SeededTopic[];
  disabledLessonId: number;
}

interface TopicPlan {
  name: string;
  type?: 0 | 2;
  basic?: boolean;
  lessons: Array<{
    name: string;
    type?: 0 | 1 | 2;
    exercises: Array<ExerciseTypeNumber | [ExerciseTypeNumber, 'blitz']>;
  }>;
}

/**
 * A small German course for English speakers that exercises every rule: two basic topics, a blitz group,
 * two normal topics after it, rules and word-review lessons, all 15 exercise types, and disabled rows that
 * must stay hidden. Every exercise of a regular lesson before a blitz is also a blitz exercise.
 */
export const testCoursePlan: TopicPlan[] = [
  {
    name: 'Greetings',
    basic: true,
    lessons: [
      { name: 'Greetings: rules', type: 1, exercises: [] },
      { name: 'Hello', exercises: [1, [2, 'blitz'], [3, 'blitz'], 4, 5] },
      { name: 'Good morning', exercises: [6, 7, [8, 'blitz'], 9, 10] },
      { name: 'Greetings: more words', type: 2, exercises: [2, 15] },
    ],
  },
  {
    name: 'Family',
    basic: true,
    lessons: [
      { name: 'My family', exercises: [11, [12, 'blitz'], 13, 14, 15] },
      { name: 'Brothers and sisters', exercises: [5, [12, 'blitz']] },
    ],
  },
  { name: 'Blitz: the basics', type: 2, lessons: [] },
  {
    name: 'Food',
    lessons: [
      { name: 'Breakfast', exercises: [5, 12, 3] },
      { name: 'Dinner', exercises: [8, 9] },
    ],
  },
  {
    name: 'Travel',
    lessons: [{ name: 'At the station', exercises: [12, 5] }],
  },
];

export async function seedTestCourse(
  db: Database,
  plan: TopicPlan[] = testCoursePlan,
  speakers: { name: string; code: string } = {
    name: 'English',
    code: `en-${Math.random().toString(36).slice(2, 8)}`,
  },
): Promise<SeededCourse> {
  const [language] = await db
    .insert(languages)
    .values({ ...speakers, order: 99 })
    .returning();
  if (!language) throw new Error('language not created');
  await db.insert(statuses).values(
    Array.from({ length: 15 }, (_, index) => ({
      languageId: language.id,
      name: `Tier ${index + 1}`,
      points: index === 0 ? 0 : 10 * index * index,
    })),
  );
  const [german] = await db
    .insert(packages)
    .values({ languageId: language.id, name: 'German', color: '#f59e0b', order: 1 })
    .returning();
  const [japanese] = await db
    .insert(packages)
    .values({ languageId: language.id, name: 'Japanese', soon: true, order: 2 })
    .returning();
  if (!german || !japanese) throw new Error('packages not created');
  const [program] = await db
    .insert(programs)
    .values({ packageId: german.id, name: 'German for beginners', languageCode: 'de', order: 1 })
    .returning();
  if (!program) throw new Error('program not created');

  const seededTopics: SeededTopic[] = [];
  for (const [topicIndex, topicPlan] of plan.entries()) {
    const [topic] = await db
      .insert(topics)
      .values({
        programId: program.id,
        name: topicPlan.name,
        type: topicPlan.type ?? 0,
        basic: topicPlan.basic ?? false,
        order: topicIndex + 1,
        html: `<p>${topicPlan.name}</p>`,
      })
      .returning();
    if (!topic) throw new Error('topic not created');
    const seededLessons: SeededLesson[] = [];
    for (const [lessonIndex, lessonPlan] of topicPlan.lessons.entries()) {
      const [lesson] = await db
        .insert(lessons)
        .values({
          topicId: topic.id,
          name: lessonPlan.name,
          type: lessonPlan.type ?? 0,
          order: lessonIndex + 1,
        })
        .returning();
      if (!lesson) throw new Error('lesson not created');
      const seededExercises: SeededExercise[] = [];
      for (const [exerciseIndex, item] of lessonPlan.exercises.entries()) {
        const [type, blitz] = Array.isArray(item) ? [item[0], true] : [item, false];
        const [exercise] = await db
          .insert(exercises)
          .values({
            lessonId: lesson.id,
            type,
            blitz,
            order: exerciseIndex + 1,
            fields: exerciseSamples[type].fields,
            itemKey: exerciseSamples[type].item.key,
            itemText: exerciseSamples[type].item.text,
            itemTranslation: exerciseSamples[type].item.translation,
          })
          .returning();
        if (!exercise) throw new Error('exercise not created');
        seededExercises.push({ id: exercise.id, type, blitz });
      }
      // A disabled exercise in every lesson that has exercises: it must never be served.
      if (lessonPlan.exercises.length > 0) {
        await db.insert(exercises).values({
          lessonId: lesson.id,
          type: 5,
          enabled: false,
          order: 99,
          fields: exerciseSamples[5].fields,
        });
      }
      seededLessons.push({ id: lesson.id, type: lessonPlan.type ?? 0, exercises: seededExercises });
    }
    seededTopics.push({
      id: topic.id,
      type: topicPlan.type ?? 0,
      basic: topicPlan.basic ?? false,
      lessons: seededLessons,
    });
  }
  const firstTopic = seededTopics[0];
  if (!firstTopic) throw new Error('the plan has no topic');
  const [disabled] = await db
    .insert(lessons)
    .values({ topicId: firstTopic.id, name: 'Hidden', enabled: false, order: 50 })
    .returning();
  await db.insert(topics).values({ programId: program.id, name: 'Hidden topic', enabled: false, order: 99 });
  return {
    languageId: language.id,
    packageId: german.id,
    soonPackageId: japanese.id,
    programId: program.id,
    topics: seededTopics,
    disabledLessonId: disabled?.id ?? -1,
  };
}
