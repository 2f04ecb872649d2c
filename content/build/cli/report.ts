import { formatCoverage, type CheckResult } from '../check-content.ts';
import { formatProblem } from '../problems.ts';
import { formatAcceptedAnswers } from '../answers/accepted-answers.ts';
import { formatSpelling } from '../spelling/spell-check.ts';
import { formatCourseStats } from '../course-stats.ts';

const WARNINGS_SHOWN = 25;

/** Prints errors, warnings (the first few unless verbose), the coverage table and the shortfalls. */
export function printCheckResult(result: CheckResult, options: { strict: boolean; verbose: boolean }): void {
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  const warnings = result.problems.filter((problem) => problem.severity === 'warning');
  for (const problem of errors) console.error(formatProblem(problem));
  const shown = options.verbose ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  for (const problem of shown) console.log(formatProblem(problem));
  if (shown.length < warnings.length) {
    console.log(`… and ${warnings.length - shown.length} more warnings (--verbose shows all)`);
  }
  console.log('');
  console.log('Coverage (course × spoken language):');
  for (const line of formatCoverage(result.coverage)) console.log(`  ${line}`);
  console.log('');
  console.log('Courses (issue 32; --strict holds them to the thresholds in content/README.md):');
  for (const line of formatCourseStats(result.courseStats)) console.log(`  ${line}`);
  console.log('');
  console.log('Spelling (hunspell):');
  for (const line of formatSpelling(result.spelling)) console.log(`  ${line}`);
  console.log('');
  console.log('Free translations (type 11):');
  for (const line of formatAcceptedAnswers(result.acceptedAnswers)) console.log(`  ${line}`);
  if (result.listedAnswers) {
    const { answers, swapped } = result.listedAnswers;
    console.log(
      `  ${answers} listed answers (types 11, 13) and the marked orders of ${swapped} sentences (9, 10) pass the check`,
    );
  }
  if (result.shortfalls.length > 0) {
    console.log('');
    console.log(`Shortfalls${options.strict ? '' : ' (reported only; --strict fails on them)'}:`);
    for (const shortfall of result.shortfalls) console.log(`  ${shortfall}`);
  }
  console.log('');
  console.log(
    `${errors.length} error(s), ${warnings.length} warning(s), ${result.shortfalls.length} shortfall(s): ${result.ok ? 'OK' : 'FAILED'}`,
  );
}
