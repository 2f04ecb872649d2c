import { createHash } from 'node:crypto';
import { normalisePhrase, phraseAudioHash } from '@parlo/core/audio/phrase-audio';
import { exerciseTypes, type ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { swapGroupProblem, type ItemSpan } from '@parlo/core/exercises/swapped-items';
import {
  courseWordSet,
  typedAnswersCheck,
  nearCourseWords,
  typedCandidates,
} from '@parlo/core/review/forgiving-check';
import {
  pictureBwPath,
  picturePath,
  type BuiltCatalogue,
  type BuiltLesson,
  type BuiltPackage,
  type BuiltPhrase,
  type BuiltProgram,
  type BuiltTopic,
} from './built-catalogue.ts';
import {
  isDefaultBlitzCandidate,
  itemKeyOf,
  renderExercise,
  resolveExercise,
  shownText,
  audioTextsOf,
  TYPED_TYPES,
  typedAnswersOf,
  type CourseItems,
  type ResolvedExercise,
} from './exercises.ts';
import type {
  LoadedCourse,
  LoadedItem,
  LoadedLesson,
  LoadedPhrase,
  LoadedWord,
  Located,
} from './format/load-courses.ts';
import type { SourcePath } from './format/source-file.ts';
import type { TranslationMap } from './format/source-schema.ts';
import {
  isSpokenLanguage,
  languageFlags,
  nativeNames,
  speakersOf,
  spokenLanguages,
  voices,
  type SpokenLanguage,
} from './languages.ts';
import { courseStats, type CourseStats, type OutlineLesson, type OutlineTopic } from './course-stats.ts';
import { MAX_SPOKEN_LENGTH } from './audio/voices.ts';
import { pictureExists } from './pictures/openmoji.ts';
import type { ProblemList } from './problems.ts';

/** What the coverage table shows for one course. */
export interface CourseReport {
  code: string;
  soon: boolean;
  programs: number;
  /** Normal topics (blitz topics not counted). */
  topics: number;
  lessons: number;
  words: number;
  phrases: number;
  typesUsed: Set<ExerciseTypeNumber>;
  missingPictures: number;
  /** Translation maps lacking each spoken language. */
  missingTranslations: Map<SpokenLanguage, Located[]>;
  /** Target-language texts that are played (audio), deduplicated. */
  audioTexts: AudioText[];
  /** Words with a picture, for the CLDR cross-check. */
  pictureWords: LoadedWord[];
  missingPrograms: string[];
  /** What the course teaches and how (issue 32): words, sentences, reuse, production. */
  stats: CourseStats;
}

/** A text that has a recording: what the engine reads (`say:`) and the first lesson that plays it. */
export interface AudioText {
  text: string;
  say: string | null;
  /** Index of the first lesson (course order) that plays it; after the last lesson when none does. */
  position: number;
}

export interface BuildResult {
  catalogue: BuiltCatalogue;
  reports: CourseReport[];
}

const LESSON_TYPES = { regular: 0, rules: 1, 'word-review': 2 } as const;
const UNSAFE_HTML = /<\s*(script|iframe|object|embed|style)\b|\son[a-z]+\s*=|javascript:/i;

/**
 * Checks the loaded courses and builds the catalogue. Problems go to `problems`; the caller must not use
 * the catalogue when any error was reported.
 */
export function buildCatalogue(courses: readonly LoadedCourse[], problems: ProblemList): BuildResult {
  const packages: BuiltPackage[] = [];
  const reports: CourseReport[] = [];
  const phrases = new Map<string, BuiltPhrase>();
  const pictures = new Set<string>();

  for (const course of courses) {
    const built = buildCourse(course, problems, pictures);
    reports.push(built.report);
    packages.push(...built.packages);
    for (const { text, say, position } of built.report.audioTexts) {
      const hash = phraseAudioHash(text);
      const key = `${course.data.code}/${hash}`;
      const existing = phrases.get(key);
      if (
        existing &&
        existing.text.normalize('NFC').trim().toLowerCase() !== text.normalize('NFC').trim().toLowerCase()
      ) {
        problems.error(course.file, [], `audio hash collision between '${existing.text}' and '${text}'`);
      }
      if (!existing) phrases.set(key, { language: course.data.code, hash, text, say, position });
    }
  }

  const offeredTo = new Set(packages.map((pkg) => pkg.spoken));
  const languages = spokenLanguages
    .map((code, order) => ({ code, name: nativeNames[code], icon: picturePath(languageFlags[code]), order }))
    .filter((language) => offeredTo.has(language.code));
  for (const language of languages) pictures.add(languageFlags[language.code as SpokenLanguage]);

  packages.sort(
    (a, b) =>
      spokenLanguages.indexOf(a.spoken as SpokenLanguage) -
        spokenLanguages.indexOf(b.spoken as SpokenLanguage) ||
      a.order - b.order ||
      a.course.localeCompare(b.course),
  );
  const content = {
    formatVersion: 1 as const,
    languages,
    packages,
    phrases: [...phrases.values()].sort((a, b) => (a.language + a.hash).localeCompare(b.language + b.hash)),
    pictures: [...pictures].sort(),
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { catalogue: { ...content, hash }, reports };
}

function buildCourse(course: LoadedCourse, problems: ProblemList, pictures: Set<string>) {
  const code = course.data.code;
  const speakers = speakersOf(code);
  const report: CourseReport = {
    code,
    soon: course.data.soon,
    programs: course.programs.length,
    topics: 0,
    lessons: 0,
    words: 0,
    phrases: 0,
    typesUsed: new Set(),
    missingPictures: 0,
    missingTranslations: new Map(speakers.map((language) => [language, []])),
    audioTexts: [],
    pictureWords: [],
    missingPrograms: course.missingPrograms,
    stats: courseStats({ code, programs: 0, topics: [], lessons: [], words: [], phrases: [] }),
  };
  if (!voices[code]) problems.warning(course.file, ['code'], `no speech voice is configured for '${code}'`);

  const checkMap = (map: TranslationMap | undefined, at: Located & { path: SourcePath }) => {
    for (const key of Object.keys(map ?? {})) {
      if (key === code) {
        problems.warning(at.file, [...at.path, key], `'${key}' is the course's own language: not needed`);
      } else if (!isSpokenLanguage(key)) {
        problems.error(
          at.file,
          [...at.path, key],
          `'${key}' is not a spoken language (${spokenLanguages.join(' ')})`,
        );
      }
    }
    for (const language of speakers) {
      if (map?.[language] === undefined) report.missingTranslations.get(language)?.push(at);
    }
  };
  const checkPicture = (hexcode: string | undefined, at: Located) => {
    if (hexcode === undefined) return;
    if (pictureExists(hexcode)) {
      pictures.add(hexcode);
    } else {
      report.missingPictures += 1;
      problems.error(at.file, at.path, `picture ${hexcode} does not exist in OpenMoji`);
    }
  };
  const checkHtml = (map: TranslationMap, at: Located) => {
    for (const [language, html] of Object.entries(map)) {
      if (UNSAFE_HTML.test(html))
        problems.error(
          at.file,
          [...at.path, language],
          'rules HTML must not contain scripts, styles or event handlers',
        );
    }
  };

  checkMap(course.data.name, { file: course.file, path: ['name'] });
  checkPicture(course.data.icon, { file: course.file, path: ['icon'] });
  if (!course.data.soon && course.programs.length === 0) {
    problems.warning(
      course.file,
      ['programs'],
      'the course has no programs yet: it is not offered until it has one',
    );
  }

  // ---- Index: unique ids, words and phrases ---------------------------------------------------------
  const seenIds = new Map<string, Map<string, Located>>();
  const claimId = (space: string, id: string, at: Located) => {
    let ids = seenIds.get(space);
    if (!ids) seenIds.set(space, (ids = new Map()));
    const first = ids.get(id);
    if (first) {
      problems.error(
        at.file,
        at.path,
        `duplicate ${space} id '${id}' (first at ${first.file.name}:${first.file.lineOf(first.path)})`,
      );
      return false;
    }
    ids.set(id, at);
    return true;
  };
  const items = new Map<string, LoadedItem>();
  const words: LoadedWord[] = [];
  const phraseList: LoadedPhrase[] = [];
  const topicOrder = new Map<string, number>();
  const topicIcons = new Map<string, string>();
  let topicIndex = 0;
  for (const program of course.programs) {
    claimId('program', program.data.id, { file: program.file, path: ['id'] });
    checkMap(program.data.name, { file: program.file, path: ['name'] });
    if (program.data.description)
      checkMap(program.data.description, { file: program.file, path: ['description'] });
    for (const topic of program.topics) {
      const topicId = topic.kind === 'blitz' ? topic.data.blitz : topic.data.id;
      claimId('topic', topicId, {
        file: topic.file,
        path: [...topic.path, topic.kind === 'blitz' ? 'blitz' : 'id'],
      });
      topicOrder.set(topicId, topicIndex++);
      topicIcons.set(topicId, topic.data.icon);
      checkMap(topic.data.name, { file: topic.file, path: [...topic.path, 'name'] });
      checkPicture(topic.data.icon, { file: topic.file, path: [...topic.path, 'icon'] });
      if (topic.kind === 'blitz') continue;
      report.topics += 1;
      checkMap(topic.data.rules, { file: topic.file, path: [...topic.path, 'rules'] });
      checkHtml(topic.data.rules, { file: topic.file, path: [...topic.path, 'rules'] });
      for (const word of topic.words) {
        checkMap(word.data.tr, { file: word.file, path: [...word.path, 'tr'] });
        checkGender(code, word, problems);
        checkPicture(word.data.picture, { file: word.file, path: [...word.path, 'picture'] });
        if (claimId('word or phrase', word.data.id, { file: word.file, path: [...word.path, 'id'] })) {
          items.set(word.data.id, word);
          words.push(word);
          if (word.data.picture) report.pictureWords.push(word);
        }
      }
      for (const phrase of topic.phrases) {
        checkMap(phrase.data.tr, { file: phrase.file, path: [...phrase.path, 'tr'] });
        checkSwaps(phrase, problems);
        if (claimId('word or phrase', phrase.data.id, { file: phrase.file, path: [...phrase.path, 'id'] })) {
          items.set(phrase.data.id, phrase);
          phraseList.push(phrase);
        }
      }
    }
  }
  report.words = words.length;
  report.phrases = phraseList.length;
  const courseItems: CourseItems = {
    courseCode: code,
    items,
    topicOrder,
    topicIcons,
    words,
    phrases: phraseList,
  };

  // ---- Lessons and exercises --------------------------------------------------------------------------
  const resolvedByLesson = new Map<LoadedLesson, ResolvedExercise[]>();
  const audioTexts = new Map<string, AudioText>();
  const sayOf = pronunciations(items, problems);
  let lessonIndex = 0;
  // Texts no lesson plays come after the last lesson (their position is set once the lessons are counted).
  const addAudio = (text: string, position = Number.MAX_SAFE_INTEGER) => {
    const key = phraseAudioHash(text);
    const known = audioTexts.get(key);
    if (!known) audioTexts.set(key, { text, say: sayOf.get(key) ?? null, position });
    else known.position = Math.min(known.position, position);
  };
  for (const item of items.values()) addAudio(item.data.text);

  for (const program of course.programs) {
    for (const topic of program.topics) {
      if (topic.kind === 'blitz') continue;
      checkTopicShape(topic.lessons, { file: topic.file, path: [...topic.path, 'lessons'] }, problems);
      const usedKeys = new Map<string, number>();
      for (const lesson of topic.lessons) {
        report.lessons += 1;
        claimId('lesson', lesson.data.id, { file: lesson.file, path: [...lesson.path, 'id'] });
        checkMap(lesson.data.name, { file: lesson.file, path: [...lesson.path, 'name'] });
        if (lesson.data.description)
          checkMap(lesson.data.description, { file: lesson.file, path: [...lesson.path, 'description'] });
        const lines = lesson.data.exercises ?? [];
        if (lesson.data.kind === 'rules' && lines.length > 0) {
          problems.error(lesson.file, [...lesson.path, 'exercises'], 'a rules lesson has no exercises');
        }
        if (lesson.data.kind !== 'rules' && lines.length === 0) {
          problems.error(lesson.file, lesson.path, `lesson '${lesson.data.id}' has no exercises`);
        }
        const resolved: ResolvedExercise[] = [];
        lines.forEach((line, index) => {
          const exercise = resolveExercise(courseItems, lesson, index, line, usedKeys, problems);
          if (!exercise) return;
          resolved.push(exercise);
          report.typesUsed.add(exercise.type);
          const itemTopic = topicOrder.get(exercise.item.topicId) ?? 0;
          if (itemTopic > (topicOrder.get(topic.data.id) ?? 0)) {
            problems.warning(
              lesson.file,
              exercise.path,
              `'${exercise.item.data.id}' is taught in a later topic (${exercise.item.topicId})`,
            );
          }
          for (const text of audioTextsOf(exercise)) addAudio(text, lessonIndex);
        });
        resolvedByLesson.set(lesson, resolved);
        lessonIndex += 1;
      }
    }
  }

  checkTypedAnswers(courseItems, [...resolvedByLesson.values()].flat(), problems);

  const outlineTopics: OutlineTopic[] = [];
  const outlineLessons: OutlineLesson[] = [];
  for (const program of course.programs) {
    for (const topic of program.topics) {
      if (topic.kind === 'blitz') continue;
      const rulesPage = Object.values(topic.data.rules).some((html) => html.trim() !== '');
      outlineTopics.push({
        hasRules: rulesPage && topic.lessons.some((lesson) => lesson.data.kind === 'rules'),
      });
      for (const lesson of topic.lessons) {
        outlineLessons.push({
          kind: lesson.data.kind,
          topicIndex: topicOrder.get(topic.data.id) ?? 0,
          exercises: (resolvedByLesson.get(lesson) ?? []).map((exercise) => ({
            type: exercise.type,
            itemId: exercise.item.data.id,
          })),
        });
      }
    }
  }
  report.stats = courseStats({
    code,
    programs: course.programs.length,
    topics: outlineTopics,
    lessons: outlineLessons,
    words: words.map((word) => word.data),
    phrases: phraseList.map((phrase) => phrase.data),
  });

  // ---- Render for every spoken language ---------------------------------------------------------------
  const packages: BuiltPackage[] = [];
  const reported = new Set<string>();
  for (const spoken of speakers) {
    const offered = (report.missingTranslations.get(spoken)?.length ?? 0) === 0;
    const translate = (item: LoadedItem) => item.data.tr[spoken] ?? `[${spoken}: ${item.data.id}]`;
    const name = (map: TranslationMap | undefined) => map?.[spoken] ?? '';
    const programs: BuiltProgram[] = [];
    course.programs.forEach((program, programOrder) => {
      const topics: BuiltTopic[] = program.topics.map((topic, order): BuiltTopic => {
        const topicKey = topic.kind === 'blitz' ? topic.data.blitz : topic.data.id;
        const common = {
          key: `${spoken}:${code}:topic:${topicKey}`,
          name: name(topic.data.name),
          icon: picturePath(topic.data.icon),
          iconBw: pictureBwPath(topic.data.icon),
          order,
        };
        if (topic.kind === 'blitz') return { ...common, type: 2, basic: false, html: null, lessons: [] };
        const html = name(topic.data.rules);
        const lessons = topic.lessons.map((lesson, lessonOrder): BuiltLesson => {
          const type = LESSON_TYPES[lesson.data.kind];
          let defaultBlitz = type === 0 ? 2 : 0;
          const exercises = (resolvedByLesson.get(lesson) ?? []).flatMap((exercise, exerciseOrder) => {
            const result = renderExercise(exercise, spoken, translate);
            if ('error' in result) {
              const message = `${exercise.key}: ${result.error}`;
              if (!reported.has(message)) {
                reported.add(message);
                problems.error(exercise.file, exercise.path, message);
              }
              return [];
            }
            let blitz = exercise.blitz ?? false;
            if (exercise.blitz === undefined && defaultBlitz > 0 && isDefaultBlitzCandidate(exercise.type)) {
              blitz = true;
              defaultBlitz -= 1;
            }
            const built = {
              key: `${spoken}:${code}:exercise:${exercise.key}`,
              itemKey: itemKeyOf(code, exercise.item),
              itemText: shownText(exercise.item),
              itemTranslation: translate(exercise.item),
              type: exercise.type,
              blitz,
              order: exerciseOrder,
              fields: result.fields,
            };
            // The fields passed their type's schema above, so the type's own accessor may read them.
            const audioPhrase = exerciseTypes[exercise.type].audioPhrase as (
              fields: unknown,
            ) => string | undefined;
            const phrase = audioPhrase(result.fields);
            if (phrase !== undefined) addAudio(phrase);
            return [built];
          });
          return {
            key: `${spoken}:${code}:lesson:${lesson.data.id}`,
            name: name(lesson.data.name),
            description: lesson.data.description?.[spoken] ?? null,
            type,
            order: lessonOrder,
            html: type === 1 ? html : null,
            exercises,
          };
        });
        return { ...common, type: 0, basic: topic.data.basic, html, lessons };
      });
      programs.push({
        key: `${spoken}:${code}:program:${program.data.id}`,
        name: name(program.data.name),
        description: program.data.description?.[spoken] ?? null,
        languageCode: code,
        order: programOrder,
        topics,
      });
    });
    const learnable = course.data.soon || programs.length > 0;
    if (!offered || !learnable) continue;
    packages.push({
      key: `${spoken}:${code}`,
      spoken,
      course: code,
      name: name(course.data.name),
      color: course.data.color,
      icon: picturePath(course.data.icon),
      soon: course.data.soon,
      order: course.data.order,
      programs,
    });
  }
  report.audioTexts = [...audioTexts.values()].map((audio) => ({
    ...audio,
    position: Math.min(audio.position, lessonIndex),
  }));
  return { packages, report };
}

/**
 * Articles that do not show a noun's gender, per course language: French *l'* before a vowel and plural
 * *les*. German plural *die* belongs to nouns that may have no gender (*die Eltern*) and Spanish *el agua*
 * cannot be told from its spelling, so those courses write `gender` where they need it, unchecked.
 */
export const genderHidingArticles: Readonly<Record<string, RegExp>> = { fr: /^(?:l['’]|les\s)/iu };

/** Whether a word of this course is a noun whose article hides its gender and that does not carry it. */
export function lacksGender(
  courseCode: string,
  word: { text: string; gender?: string | undefined },
): boolean {
  return (genderHidingArticles[courseCode]?.test(word.text) ?? false) && word.gender === undefined;
}

/** A noun whose article hides its gender must carry it (`gender`), so the learner sees it. */
function checkGender(courseCode: string, word: LoadedWord, problems: ProblemList): void {
  if (lacksGender(courseCode, word.data)) {
    problems.error(
      word.file,
      [...word.path, 'text'],
      `'${word.data.text}' does not show its gender: add gender: m, f or m/f`,
    );
  }
}

/** A phrase's `swap` groups must fit its text: 2–4 different items, each whole words, none overlapping. */
function checkSwaps(phrase: LoadedPhrase, problems: ProblemList): void {
  const taken: ItemSpan[] = [];
  (phrase.data.swap ?? []).forEach((group, index) => {
    const problem = swapGroupProblem(phrase.data.text, group, taken);
    if (problem) problems.error(phrase.file, [...phrase.path, 'swap', index], `swap: ${problem}`);
  });
}

/**
 * The `say:` of each word and phrase, by the audio hash of its text (content/README.md "Audio"). Two items
 * with the same text share a recording, so they must not ask for different readings.
 */
function pronunciations(items: ReadonlyMap<string, LoadedItem>, problems: ProblemList): Map<string, string> {
  const sayOf = new Map<string, string>();
  const sayer = new Map<string, LoadedItem>();
  for (const item of items.values()) {
    const say = item.data.say;
    if (say === undefined) continue;
    const at = { file: item.file, path: [...item.path, 'say'] };
    if (normalisePhrase(say) === normalisePhrase(item.data.text)) {
      problems.error(at.file, at.path, `'say' repeats the text '${item.data.text}': leave it out`);
      continue;
    }
    if (say.length > MAX_SPOKEN_LENGTH) {
      problems.error(at.file, at.path, `'say' is longer than ${MAX_SPOKEN_LENGTH} characters`);
      continue;
    }
    const key = phraseAudioHash(item.data.text);
    const first = sayer.get(key);
    if (first && first.data.say !== say) {
      problems.error(
        at.file,
        at.path,
        `'${item.data.text}' is also '${first.data.id}' (${first.file.name}:${first.file.lineOf([...first.path, 'say'])}), which says '${first.data.say}': one text has one recording`,
      );
      continue;
    }
    sayOf.set(key, say);
    sayer.set(key, item);
  }
  // An item without `say:` whose text has one elsewhere would be read as the other item says: tell.
  for (const item of items.values()) {
    const key = phraseAudioHash(item.data.text);
    const first = sayer.get(key);
    if (item.data.say === undefined && first) {
      problems.error(
        item.file,
        [...item.path, 'text'],
        `'${item.data.text}' has 'say: ${first.data.say}' at '${first.data.id}': give this one the same 'say'`,
      );
    }
  }
  return sayOf;
}

/** Every normal topic: one rules lesson first, at least one regular lesson, one word-review lesson last. */
function checkTopicShape(lessons: readonly LoadedLesson[], at: Located, problems: ProblemList): void {
  const kinds = lessons.map((lesson) => lesson.data.kind);
  const count = (kind: string) => kinds.filter((k) => k === kind).length;
  if (count('rules') !== 1 || kinds[0] !== 'rules') {
    problems.error(at.file, lessons[0]?.path ?? at.path, 'a topic needs exactly one rules lesson, first');
  }
  if (count('word-review') !== 1 || kinds.at(-1) !== 'word-review') {
    problems.error(
      at.file,
      lessons.at(-1)?.path ?? at.path,
      'a topic needs exactly one word-review lesson, last',
    );
  }
  if (count('regular') === 0) problems.error(at.file, at.path, 'a topic needs at least one regular lesson');
}

/**
 * Typed exercises (issue 16): store the course words one slip away from the answers, so the forgiving check
 * refuses them, and warn where two different items are the same answer to that check (an accent apart:
 * "si"/"sí", "schon"/"schön"): a learner typing one would be told the other is right.
 */
function checkTypedAnswers(course: CourseItems, exercises: ResolvedExercise[], problems: ProblemList): void {
  const items = [...course.items.values()];
  const texts = items.map((item) => item.data.text);
  const courseWords = courseWordSet(texts);
  const candidatesFor = typedCandidates(texts);
  // Several exercises practise one item with the same answers: each set of answers is compared with the
  // course once.
  const byAnswers = new Map<string, { nearWords: string[]; alsoAccepted: LoadedItem[] }>();
  const warned = new Set<string>();
  for (const exercise of exercises) {
    if (!TYPED_TYPES.has(exercise.type)) continue;
    const answers = typedAnswersOf(exercise.item);
    const key = answers.join('\u0000');
    let found = byAnswers.get(key);
    if (!found) {
      const nearWords = nearCourseWords(answers, courseWords);
      const accepts = typedAnswersCheck(answers, courseWordSet(nearWords));
      const alsoAccepted = candidatesFor(answers)
        .map((index) => items[index])
        .filter(
          (item): item is LoadedItem =>
            item !== undefined && !answers.includes(item.data.text) && accepts(item.data.text) !== null,
        );
      found = { nearWords, alsoAccepted };
      byAnswers.set(key, found);
    }
    exercise.nearWords = found.nearWords;
    for (const other of found.alsoAccepted) {
      if (other === exercise.item) continue;
      const pair = [exercise.item.data.id, other.data.id].sort().join('|');
      if (warned.has(pair)) continue;
      warned.add(pair);
      problems.warning(
        exercise.file,
        exercise.path,
        `typed answer '${answers[0]}' also accepts '${other.data.text}' (${other.data.id}) under the forgiving check`,
      );
    }
  }
}

/** Every built exercise names the word or phrase it practises (the review memory depends on it). */
export function exercisesWithoutItemKey(catalogue: { packages: readonly BuiltPackage[] }): string[] {
  return catalogue.packages.flatMap((pkg) =>
    pkg.programs.flatMap((program) =>
      program.topics.flatMap((topic) =>
        topic.lessons.flatMap((lesson) =>
          lesson.exercises.filter((exercise) => !exercise.itemKey).map((exercise) => exercise.key),
        ),
      ),
    ),
  );
}
