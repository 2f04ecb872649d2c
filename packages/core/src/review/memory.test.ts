import fc from 'fast-check';
import { createEmptyCard, Rating, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { exerciseTypeNumbers } from '../exercises/exercise-type.ts';
import {
  fromCard,
  isDue,
  practiceOrder,
  ratingFor,
  ratingForSitting,
  recallChance,
  RECOGNITION_TYPES,
  review,
  scheduler,
  wordStrength,
  type AnswerResult,
} from './memory.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 5, 10);

describe('rating from the outcome', () => {
  it('maps wrong, typo, accent, right and quick recognition', () => {
    expect(ratingFor({ type: 13, result: 'wrong', responseMs: 1000 })).toBe(Rating.Again);
    expect(ratingFor({ type: 13, result: 'typo', responseMs: 1000 })).toBe(Rating.Hard);
    expect(ratingFor({ type: 11, result: 'accent', responseMs: 1000 })).toBe(Rating.Hard);
    expect(ratingFor({ type: 13, result: 'right', responseMs: 1000 })).toBe(Rating.Good);
    expect(ratingFor({ type: 5, result: 'right', responseMs: 1500 })).toBe(Rating.Easy);
    expect(ratingFor({ type: 5, result: 'right', responseMs: 9000 })).toBe(Rating.Good);
    expect(ratingFor({ type: 5, result: 'right', responseMs: null })).toBe(Rating.Good);
  });

  it('never rates a recall type Easy, nor a wrong answer above Again (property)', () => {
    const result = fc.constantFrom<AnswerResult>('right', 'wrong', 'typo', 'accent');
    fc.assert(
      fc.property(
        fc.constantFrom(...exerciseTypeNumbers),
        result,
        fc.option(fc.nat(60_000)),
        (type, outcome, ms) => {
          const rating = ratingFor({ type, result: outcome, responseMs: ms });
          if (!RECOGNITION_TYPES.has(type)) expect(rating).not.toBe(Rating.Easy);
          if (outcome === 'wrong') expect(rating).toBe(Rating.Again);
          if (outcome !== 'wrong') expect(rating).toBeGreaterThan(Rating.Again);
        },
      ),
    );
  });

  it('rates a sitting by its worst answer', () => {
    expect(
      ratingForSitting([
        { type: 5, result: 'right', responseMs: 500 },
        { type: 13, result: 'typo', responseMs: 5000 },
      ]),
    ).toBe(Rating.Hard);
    expect(ratingForSitting([])).toBeNull();
  });
});

describe('memory', () => {
  it('schedules a better answer further out (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(Rating.Again, Rating.Hard, Rating.Good), { maxLength: 6 }),
        (past) => {
          let memory = undefined;
          let at = now;
          for (const rating of past) {
            memory = review(memory, rating, at);
            at = Math.max(at + DAY, memory.due);
          }
          const again = review(memory, Rating.Again, at).due;
          const good = review(memory, Rating.Good, at).due;
          const easy = review(memory, Rating.Easy, at).due;
          expect(again).toBeLessThanOrEqual(good);
          expect(good).toBeLessThanOrEqual(easy);
        },
      ),
    );
  });

  it('gives a first sitting the memory ts-fsrs gives a new card, at any time (property, ADR 043)', () => {
    // The oracle: ts-fsrs itself, a new card scheduled at that time, as `review` stores it.
    const grades: Grade[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];
    fc.assert(
      fc.property(
        fc.constantFrom(...grades),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom(...grades),
        fc.integer({ min: 0, max: 400 * DAY }),
        (rating, at, next, later) => {
          const first = review(undefined, rating, at);
          const fromTsFsrs = scheduler.next(createEmptyCard(new Date(at)), new Date(at), rating).card;
          expect(first).toEqual(fromCard(fromTsFsrs));
          // And the sitting after it goes on exactly as from ts-fsrs' own card.
          const then = at + later;
          expect(review(first, next, then)).toEqual(
            fromCard(scheduler.next(fromTsFsrs, new Date(then), next).card),
          );
        },
      ),
      { numRuns: 500 },
    );
    // Each call answers its own object: changing one answer changes no other.
    const one = review(undefined, Rating.Good, now);
    one.stability = -1;
    expect(review(undefined, Rating.Good, now).stability).toBeGreaterThan(0);
  });

  it('recall chance falls with time and is 0 before any review', () => {
    const memory = review(undefined, Rating.Good, now);
    expect(recallChance(memory, now + DAY)).toBeGreaterThan(recallChance(memory, now + 10 * DAY));
    expect(recallChance({ ...memory, state: 'new', lastReview: null }, now)).toBe(0);
  });

  it('practises due items first, most overdue first, else the weakest', () => {
    const good = review(undefined, Rating.Good, now);
    const again = review(undefined, Rating.Again, now);
    const easy = review(undefined, Rating.Easy, now);
    const items = [
      { id: 'good', memory: good },
      { id: 'again', memory: again },
      { id: 'old', memory: { ...good, due: now - DAY } },
    ];
    expect(practiceOrder(items, now + 1.5 * DAY, 10).map((item) => item.id)).toEqual(['old', 'again']);
    expect(
      practiceOrder(
        [
          { id: 'easy', memory: easy },
          { id: 'good', memory: good },
        ],
        now + DAY / 2,
        10,
      ).map((item) => item.id),
    ).toEqual(['good', 'easy']);
  });

  it('brings a failed word back the same day, due at once, and shows it weak (issue 29 item 15)', () => {
    const fresh = review(undefined, Rating.Again, now);
    expect(fresh.state).toBe('learning');
    expect(fresh.due - now).toBe(10 * 60 * 1000);
    // Right after the lesson it is due (FSRS relearning step, offered a little early) and weak.
    expect(isDue(fresh, now + 1000)).toBe(true);
    expect(recallChance(fresh, now + 1000)).toBeGreaterThan(0.99);
    expect(wordStrength(fresh, now + 1000)).toBeLessThan(0.7);

    // A word held for days that is failed: relearning, back in ten minutes, weak.
    const held = review(review(undefined, Rating.Good, now), Rating.Good, now + 3 * DAY);
    expect(wordStrength(held, now + 3 * DAY + 1000)).toBeGreaterThan(0.9);
    const lapsed = review(held, Rating.Again, now + 10 * DAY);
    expect(lapsed).toMatchObject({ state: 'relearning', lapses: 1 });
    expect(lapsed.due - (now + 10 * DAY)).toBe(10 * 60 * 1000);
    expect(isDue(lapsed, now + 10 * DAY + 1000)).toBe(true);
    expect(wordStrength(lapsed, now + 10 * DAY + 1000)).toBeLessThan(0.7);

    // Answered right at its step, it is held again: in days, and strong.
    const relearnt = review(lapsed, Rating.Good, now + 10 * DAY + 15 * 60 * 1000);
    expect(relearnt.state).toBe('review');
    expect(relearnt.due - (now + 10 * DAY)).toBeGreaterThan(DAY / 2);
    expect(wordStrength(relearnt, now + 10 * DAY + 16 * 60 * 1000)).toBeGreaterThan(0.9);
    // A word answered right the first time is never held down.
    const good = review(undefined, Rating.Good, now);
    expect(wordStrength(good, now + 1000)).toBe(recallChance(good, now + 1000));
    expect(isDue(good, now + 1000)).toBe(false);
  });
});
