import { Rating } from 'ts-fsrs';
import { recallChance, review, type ItemMemory } from './memory.ts';

/**
 * Synthetic learners for `npm run review:simulate` (issue 16): how well does the memory model predict
 * recall, against a fixed-interval baseline? Pure and seeded, so the figures are reproducible.
 *
 * The learners' true memory is deliberately not FSRS: exponential forgetting (half-life regression's
 * shape), a half-life that grows by a factor depending on the item's difficulty after each recall and
 * shrinks after a lapse. Both predictors see the same review log and predict each answer before seeing
 * it. Reviews happen around the time the app schedules them (FSRS's due date), anywhere from half to
 * three times that interval late or early, as learners come back when they like.
 */

const DAY = 86_400_000;

export interface SimulationOptions {
  learners: number;
  itemsPerLearner: number;
  reviewsPerItem: number;
  seed: number;
}

export interface PredictorScore {
  name: string;
  logLoss: number;
  rmse: number;
}

export interface SimulationResult {
  reviews: number;
  recallRate: number;
  scores: PredictorScore[];
}

/** mulberry32: a tiny seeded generator. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A predictor: the recall chance at `now`, then what it learns from the answer. */
interface Predictor {
  name: string;
  start(now: number): void;
  predict(now: number): number;
  update(recalled: boolean, typo: boolean, now: number): void;
}

function fsrsPredictor(): Predictor {
  let memory: ItemMemory | undefined;
  return {
    name: 'FSRS-6 (ts-fsrs, default weights)',
    start(now) {
      memory = review(undefined, Rating.Good, now);
    },
    predict: (now) => (memory ? recallChance(memory, now) : 0.5),
    update(recalled, typo, now) {
      const rating = !recalled ? Rating.Again : typo ? Rating.Hard : Rating.Good;
      memory = review(memory, rating, now);
    },
  };
}

/** Leitner boxes with fixed intervals; predicts 90 % recall at the box's interval, decaying with time. */
export const FIXED_INTERVAL_DAYS = [1, 2, 4, 8, 16, 32, 64] as const;

function fixedIntervalPredictor(): Predictor {
  let box = 0;
  let last = 0;
  return {
    name: `fixed intervals (Leitner ${FIXED_INTERVAL_DAYS.join('/')} d)`,
    start(now) {
      box = 0;
      last = now;
    },
    predict(now) {
      const interval = FIXED_INTERVAL_DAYS[box] ?? 64;
      return 0.9 ** ((now - last) / DAY / interval);
    },
    update(recalled, _typo, now) {
      box = recalled ? Math.min(box + 1, FIXED_INTERVAL_DAYS.length - 1) : 0;
      last = now;
    },
  };
}

const clamp = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

export function simulate(options: SimulationOptions): SimulationResult {
  const next = random(options.seed);
  const predictors = [fsrsPredictor, fixedIntervalPredictor];
  const totals = predictors.map(() => ({ logLoss: 0, squared: 0 }));
  let reviews = 0;
  let recalls = 0;
  const start = Date.UTC(2026, 0, 1);

  for (let learner = 0; learner < options.learners; learner += 1) {
    const ability = Math.exp((next() - 0.5) * 1.2);
    for (let item = 0; item < options.itemsPerLearner; item += 1) {
      const difficulty = next();
      // True half-life in days after the first lesson, and its growth after each recall.
      let halfLife = ability * (3 + 20 * (1 - difficulty)) * (0.7 + 0.6 * next());
      const growth = 1.5 + 2 * (1 - difficulty) * ability;
      const models = predictors.map((make) => make());
      let now = start + Math.floor(next() * 30) * DAY;
      for (const model of models) model.start(now);
      // When the app would ask again: FSRS's schedule for this item, moved by the same answers.
      let schedule = review(undefined, Rating.Good, now);
      let lastSeen = now;
      for (let step = 0; step < options.reviewsPerItem; step += 1) {
        const scheduledDays = Math.max(1, (schedule.due - now) / DAY);
        now += Math.max(DAY / 2, scheduledDays * DAY * (0.5 + 2.5 * next() ** 2));
        const elapsedDays = (now - lastSeen) / DAY;
        const truth = 2 ** (-elapsedDays / halfLife);
        const recalled = next() < truth;
        // A shaky recall sometimes comes out with a typo (rated Hard by Parlo).
        const typo = recalled && truth < 0.7 && next() < 0.3;
        models.forEach((model, index) => {
          const p = clamp(model.predict(now));
          const y = recalled ? 1 : 0;
          const total = totals[index];
          if (!total) return;
          total.logLoss += -(y * Math.log(p) + (1 - y) * Math.log(1 - p));
          total.squared += (p - y) ** 2;
          model.update(recalled, typo, now);
        });
        schedule = review(schedule, !recalled ? Rating.Again : typo ? Rating.Hard : Rating.Good, now);
        halfLife = recalled ? halfLife * growth * (typo ? 0.6 : 1) : Math.max(0.3, halfLife * 0.35);
        lastSeen = now;
        reviews += 1;
        if (recalled) recalls += 1;
      }
    }
  }
  return {
    reviews,
    recallRate: recalls / reviews,
    scores: predictors.map((make, index) => ({
      name: make().name,
      logLoss: (totals[index]?.logLoss ?? 0) / reviews,
      rmse: Math.sqrt((totals[index]?.squared ?? 0) / reviews),
    })),
  };
}
