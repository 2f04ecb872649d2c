import type { LoadedCourse, LoadedPhrase } from '../format/load-courses.ts';
import type { ProblemList } from '../problems.ts';
import { bareToken, sentenceTokens } from '../text-tokens.ts';

/**
 * A free translation (type 11) is marked by its listed answers, so a missing natural alternative tells a
 * learner who was right that they were wrong. These rules find answer lists that are visibly incomplete:
 * each names a freedom the language gives and asks for the other form to be listed too.
 */
export interface AnswerRule {
  /** Why the list is incomplete, or null when this rule finds nothing missing. */
  missing(answers: readonly string[]): string | null;
}

const lower = (answer: string) => sentenceTokens(answer).map(bareToken);

/**
 * A time word may open the sentence or sit inside it (German inverts the verb after it: *Morgen habe ich
 * eine Prüfung* / *Ich habe morgen eine Prüfung*; English just moves it): both orders are listed.
 */
export function timeWordOrder(timeWords: readonly string[]): AnswerRule {
  return {
    missing(answers) {
      // A question keeps its order (*Are you free tonight?*, not *Tonight are you free?*).
      const statements = answers.filter((answer) => !answer.trim().endsWith('?'));
      for (const word of timeWords) {
        const using = statements.map(lower).filter((tokens) => tokens.includes(word) && tokens.length >= 3);
        if (using.length === 0) continue;
        const opening = using.some((tokens) => tokens[0] === word);
        const inside = using.some((tokens) => tokens[0] !== word);
        if (!opening) return `no answer opens with '${word}' (e.g. '${capitalised(word)} …')`;
        if (!inside) return `every answer opens with '${word}': list the order with '${word}' inside too`;
      }
      return null;
    },
  };
}

/**
 * A politeness word at one end of the sentence may stand at the other (*Please open … / Open …, please*);
 * a one-word answer (*Yes, please*) has nowhere else to put it.
 */
export function movablePoliteness(phrase: string): AnswerRule {
  const words = phrase.split(' ');
  const opens = (tokens: string[]) => words.every((word, index) => tokens[index] === word);
  const closes = (tokens: string[]) =>
    words.every((word, index) => tokens[tokens.length - words.length + index] === word);
  return {
    missing(answers) {
      const tokenLists = answers.map(lower).filter((tokens) => tokens.length > words.length + 1);
      const atStart = tokenLists.some(opens);
      const atEnd = tokenLists.some(closes);
      if (atStart && !atEnd) return `'${phrase}' opens every answer: list it at the end too`;
      if (atEnd && !atStart) return `'${phrase}' closes every answer: list it at the start too`;
      return null;
    },
  };
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The rules of each course language. */
export const answerRules: Record<string, readonly AnswerRule[]> = {
  de: [timeWordOrder(['heute', 'morgen', 'gestern', 'jetzt']), movablePoliteness('bitte')],
  en: [timeWordOrder(['today', 'tomorrow', 'yesterday', 'tonight']), movablePoliteness('please')],
  es: [timeWordOrder(['hoy', 'mañana', 'ayer']), movablePoliteness('por favor')],
  fr: [timeWordOrder(["aujourd'hui", 'demain', 'hier']), movablePoliteness("s'il vous plaît")],
};

export interface AcceptedAnswersRow {
  course: string;
  /** Type-11 items of the course. */
  items: number;
  /** Accepted answers over all of them (the text and its variants). */
  answers: number;
  /** Items a rule shows to be incomplete. */
  incomplete: number;
}

/** The phrases a course's type-11 exercises ask for, each once, by id. */
function freeTranslationItems(course: LoadedCourse): LoadedPhrase[] {
  const phrases = new Map<string, LoadedPhrase>();
  for (const program of course.programs) {
    for (const topic of program.topics)
      if (topic.kind === 'normal') for (const p of topic.phrases) phrases.set(p.data.id, p);
  }
  const items = new Map<string, LoadedPhrase>();
  for (const program of course.programs) {
    for (const topic of program.topics) {
      if (topic.kind !== 'normal') continue;
      for (const lesson of topic.lessons) {
        for (const line of lesson.data.exercises ?? []) {
          const value = line['free-text-translation'];
          if (value === undefined) continue;
          const id = typeof value === 'string' ? value : (value as { phrase?: string }).phrase;
          const phrase = id === undefined ? undefined : phrases.get(id);
          if (phrase) items.set(phrase.data.id, phrase);
        }
      }
    }
  }
  return [...items.values()];
}

/** Reports every type-11 item whose accepted answers a rule shows to be incomplete (an error). */
export function checkAcceptedAnswers(
  courses: readonly LoadedCourse[],
  problems: ProblemList,
): AcceptedAnswersRow[] {
  return courses.flatMap((course) => {
    const items = freeTranslationItems(course);
    if (items.length === 0) return [];
    const rules = answerRules[course.data.code] ?? [];
    let answers = 0;
    let incomplete = 0;
    for (const item of items) {
      const accepted = [item.data.text, ...(item.data.variants ?? [])];
      answers += accepted.length;
      for (const rule of rules) {
        const reason = rule.missing(accepted);
        if (!reason) continue;
        incomplete += 1;
        problems.error(
          item.file,
          [...item.path, 'variants'],
          `free translation '${item.data.text}': ${reason}`,
        );
        break;
      }
    }
    return [{ course: course.data.code, items: items.length, answers, incomplete }];
  });
}

export function formatAcceptedAnswers(rows: readonly AcceptedAnswersRow[]): string[] {
  return rows.map(
    (row) =>
      `${row.course}: ${row.items} free translations, ${(row.answers / row.items).toFixed(1)} accepted answers per item, ${row.incomplete} incomplete`,
  );
}
