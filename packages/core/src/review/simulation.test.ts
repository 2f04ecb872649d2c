import { describe, expect, it } from 'vitest';
import { simulate } from './simulation.ts';

describe('review simulation', () => {
  it('is reproducible and FSRS predicts recall better than fixed intervals', () => {
    const options = { learners: 20, itemsPerLearner: 10, reviewsPerItem: 8, seed: 7 };
    const result = simulate(options);
    expect(simulate(options)).toEqual(result);
    expect(result.reviews).toBe(1600);
    const [fsrs, fixed] = result.scores;
    expect(fsrs!.logLoss).toBeLessThan(fixed!.logLoss);
    expect(fsrs!.rmse).toBeLessThan(fixed!.rmse);
  });
});
