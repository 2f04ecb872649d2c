import type { ItemMemory } from './memory.ts';

/**
 * The one definition of a learned word (issue 29 item 11), for the statistics ("words learned"), the
 * status panel and the words panel ("My words") alike: a word or phrase is learned once the learner has
 * answered it — right or wrong — in a lesson, blitz or practice that was saved, that is once the review
 * memory holds a sitting of it. A lesson's introduction ('further' on type 1) tests nothing and teaches no
 * word by itself; a completion refused by the free-lesson limit saves nothing and so teaches none either.
 */
export function isLearnedWord(memory: ItemMemory | undefined): memory is ItemMemory {
  return memory !== undefined && memory.reps > 0;
}

/** How many words a sitting learned for the first time: learned in `after`, not in `before`. */
export function wordsLearnedBy(
  before: ReadonlyMap<string, ItemMemory>,
  after: ReadonlyMap<string, ItemMemory>,
): number {
  let learned = 0;
  for (const [itemKey, memory] of after) {
    if (isLearnedWord(memory) && !isLearnedWord(before.get(itemKey))) learned += 1;
  }
  return learned;
}
