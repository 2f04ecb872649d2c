import { normaliseText } from './answer-text.ts';

/**
 * Coordinated items in either order (issue 31): "I have a brother and a sister" is as right as "I have a
 * sister and a brother". The content marks which items of a sentence may trade places (a phrase's `swap`,
 * content/README.md); the built sentences (types 9 and 10) are then right in every order of those items.
 *
 * A group is a list of items, each a word or words of the sentence. Each item is found as whole words (its
 * first occurrence not already taken by another item); the items of a group then trade their places, and
 * everything between them (commas, "and", the final mark) stays where the sentence has it. Groups are
 * independent, so two groups give every combination of their orders. An item moved to or from the start of
 * the sentence may also change the case of its first letter ("Tea and coffee" → "Coffee and tea"). Nothing
 * else changes: letters, case and the other words still count as the type's check says.
 */

/** Items of one sentence that may be given in any order, as the content writes them. */
export type SwapGroups = readonly (readonly string[])[];

/** A group lists 2 to MAX_GROUP_ITEMS items; more would be a list to learn, not two coordinated things. */
export const MAX_GROUP_ITEMS = 4;
/** At most this many spellings are tried for one sentence (4! = 24 orders for the largest group). */
export const MAX_VARIANTS = 64;

/** Where an item stands in the sentence (UTF-16 offsets of the normalised text). */
export interface ItemSpan {
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

const isBoundary = (text: string, index: number) =>
  index < 0 || index >= text.length || !WORD_CHAR.test(text.charAt(index));

/** The first whole-word occurrence of `item` in `text` that overlaps none of `taken`, or undefined. */
function findItem(text: string, item: string, taken: readonly ItemSpan[]): ItemSpan | undefined {
  if (item === '') return undefined;
  for (let start = text.indexOf(item); start !== -1; start = text.indexOf(item, start + 1)) {
    const end = start + item.length;
    const whole = isBoundary(text, start - 1) && isBoundary(text, end);
    const free = taken.every((span) => end <= span.start || start >= span.end);
    if (whole && free) return { start, end };
  }
  return undefined;
}

/** Why a group cannot be used on a sentence (for the content check), or null when it can. */
export function swapGroupProblem(
  sentence: string,
  group: readonly string[],
  taken: ItemSpan[] = [],
): string | null {
  const items = group.map(normaliseText);
  if (items.length < 2 || items.length > MAX_GROUP_ITEMS) {
    return `a swap group lists 2 to ${MAX_GROUP_ITEMS} items, this one ${items.length}`;
  }
  if (new Set(items).size !== items.length) return 'a swap group lists the same item twice';
  const text = normaliseText(sentence);
  for (const item of items) {
    const span = findItem(text, item, taken);
    if (!span) return `'${item}' is not a whole word or words of '${text}' (or is taken by another item)`;
    taken.push(span);
  }
  return null;
}

/** Every order of `values` (values are few: at most MAX_GROUP_ITEMS). */
function permutations<T>(values: readonly T[]): T[][] {
  if (values.length <= 1) return [[...values]];
  return values.flatMap((value, index) =>
    permutations([...values.slice(0, index), ...values.slice(index + 1)]).map((rest) => [value, ...rest]),
  );
}

/**
 * The sentence in every order of its marked items, the sentence as written first. A group that does not fit
 * the sentence (an item missing, too many items) is ignored here; the content check refuses it.
 */
export function swappedVariants(sentence: string, groups: SwapGroups | undefined): string[] {
  const text = normaliseText(sentence);
  const taken: ItemSpan[] = [];
  /** Per usable group: its slots in sentence order and the items' texts. */
  const usable: { slots: ItemSpan[]; items: string[] }[] = [];
  for (const group of groups ?? []) {
    const before = taken.length;
    if (swapGroupProblem(text, group, taken) !== null) {
      taken.length = before;
      continue;
    }
    const spans = taken.slice(before);
    const slots = [...spans].sort((a, b) => a.start - b.start);
    usable.push({ slots, items: slots.map((slot) => text.slice(slot.start, slot.end)) });
  }
  let fillings: { slot: ItemSpan; item: string }[][] = [[]];
  for (const { slots, items } of usable) {
    const orders = permutations(items);
    fillings = fillings.flatMap((filling) =>
      orders.map((order) => [
        ...filling,
        ...slots.map((slot, index) => ({ slot, item: order[index] ?? '' })),
      ]),
    );
    if (fillings.length > MAX_VARIANTS) fillings = fillings.slice(0, MAX_VARIANTS);
  }
  const opening = text.search(WORD_CHAR);
  const variants = fillings.flatMap((filling) => {
    const sorted = [...filling].sort((a, b) => a.slot.start - b.slot.start);
    const written = join(text, sorted);
    // A capital that is only there because the item starts the sentence moves with the start ("Tea and
    // coffee" → "Coffee and tea"); a name keeps its own ("Marta y Luis" → "Luis y Marta"). Both spellings
    // pass, because the chips keep the case they have in the sentence as written.
    const first = sorted[0];
    const leaving = first ? text.slice(first.slot.start, first.slot.end) : '';
    const arriving = first?.item ?? '';
    const recase =
      first !== undefined &&
      first.slot.start === opening &&
      arriving !== leaving &&
      startsUpper(leaving) &&
      !startsUpper(arriving);
    if (!recase) return [written];
    const recased = sorted.map(({ slot, item }) => ({
      slot,
      item: slot === first.slot ? upperFirst(item) : item === leaving ? lowerFirst(item) : item,
    }));
    return [written, join(text, recased)];
  });
  return [...new Set([text, ...variants])].slice(0, MAX_VARIANTS);
}

function join(text: string, filling: readonly { slot: ItemSpan; item: string }[]): string {
  let result = '';
  let at = 0;
  for (const { slot, item } of filling) {
    result += text.slice(at, slot.start) + item;
    at = slot.end;
  }
  return result + text.slice(at);
}

const startsUpper = (text: string) => {
  const letter = text.charAt(0);
  return letter !== letter.toLocaleLowerCase();
};
const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/** Whether `given` passes `same` against the sentence in some order of its marked items. */
export function matchesInAnyOrder(
  given: string,
  sentence: string,
  groups: SwapGroups | undefined,
  same: (given: string, expected: string) => boolean,
): boolean {
  return swappedVariants(sentence, groups).some((variant) => same(given, variant));
}
