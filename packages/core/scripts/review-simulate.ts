import { simulate } from '../src/review/simulation.ts';

/**
 * `npm run review:simulate [-- learners items reviews seed]`: replays synthetic learners through the
 * review memory and prints log loss and RMSE against a fixed-interval baseline (lower is better).
 */
const [learners = 300, itemsPerLearner = 40, reviewsPerItem = 10, seed = 16] = process.argv
  .slice(2)
  .map(Number);
const started = performance.now();
const result = simulate({ learners, itemsPerLearner, reviewsPerItem, seed });
console.log(
  `${learners} synthetic learners × ${itemsPerLearner} words × ${reviewsPerItem} reviews = ${result.reviews} reviews, ` +
    `seed ${seed}, ${(result.recallRate * 100).toFixed(1)} % recalled`,
);
const width = Math.max(...result.scores.map((score) => score.name.length));
console.log(`${'model'.padEnd(width)}  log loss  RMSE`);
for (const score of result.scores) {
  console.log(
    `${score.name.padEnd(width)}  ${score.logLoss.toFixed(4).padStart(8)}  ${score.rmse.toFixed(4)}`,
  );
}
console.log(`simulated in ${Math.round(performance.now() - started)} ms`);
