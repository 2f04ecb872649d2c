import type { LoadedCourse, LoadedWord } from '../format/load-courses.ts';
import type { ProblemList } from '../problems.ts';

/**
 * A picture stands for one word of a course: when two words share it, a picture exercise cannot say which
 * one it means (summer / a beach, le café / la tasse). Reported at the second word.
 */
export function checkSharedPictures(courses: readonly LoadedCourse[], problems: ProblemList): void {
  for (const course of courses) {
    const firstWithPicture = new Map<string, LoadedWord>();
    for (const program of course.programs) {
      for (const topic of program.topics) {
        if (topic.kind !== 'normal') continue;
        for (const word of topic.words) {
          const picture = word.data.picture;
          if (!picture) continue;
          const first = firstWithPicture.get(picture);
          if (!first) {
            firstWithPicture.set(picture, word);
            continue;
          }
          problems.error(
            word.file,
            [...word.path, 'picture'],
            `picture ${picture} already shows '${first.data.text}' (${first.file.name}:${first.file.lineOf(first.path)}): give '${word.data.text}' its own picture or none`,
          );
        }
      }
    }
  }
}
