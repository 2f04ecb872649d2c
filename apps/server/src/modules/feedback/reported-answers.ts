import { acceptedAnswersOf } from '@parlo/core/exercises/registry';
import type { ReportedAnswer } from './feedback.repository.ts';

/**
 * `npm run content:reports`: the answers learners said should be accepted, grouped by exercise, so an
 * author can add the right ones to the course (a phrase's `variants`).
 */
export function formatReportedAnswers(rows: readonly ReportedAnswer[]): string[] {
  if (rows.length === 0) return ['No reported answers yet.'];
  const lines: string[] = [];
  let current: number | undefined;
  for (const row of rows.toSorted((a, b) => a.exerciseId - b.exerciseId || b.reports - a.reports)) {
    if (row.exerciseId !== current) {
      current = row.exerciseId;
      lines.push(
        `#${row.exerciseId} ${row.sourceKey ?? '(no source key)'} — type ${row.exerciseType}, lesson "${row.lessonName}"`,
      );
      const accepted = acceptedAnswersOf(row.exerciseType, row.fields);
      if (accepted.length > 0) lines.push(`  accepts: ${accepted.join(' | ')}`);
    }
    lines.push(`  reported ×${row.reports}: ${row.answer}`);
  }
  return lines;
}
