/** SPEC §9 points. */
export const POINTS_PER_CORRECT_ANSWER = 1;
export const POINTS_MORE_WORDS = 5;
export const POINTS_TOPIC_FINISHED = 10;
export const POINTS_BLITZ_PASSED = 25;
export const POINTS_COURSE_FINISHED = 500;

/** Points gained by one completion, by kind, so the client can show each reward. */
export interface PointsGained {
  correctAnswers: number;
  moreWords: number;
  topicFinished: number;
  blitzPassed: number;
  courseFinished: number;
}

export const noPoints: PointsGained = {
  correctAnswers: 0,
  moreWords: 0,
  topicFinished: 0,
  blitzPassed: 0,
  courseFinished: 0,
};

export function totalPoints(points: PointsGained): number {
  return (
    points.correctAnswers +
    points.moreWords +
    points.topicFinished +
    points.blitzPassed +
    points.courseFinished
  );
}
