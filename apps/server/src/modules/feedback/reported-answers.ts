import type { ReportedAnswer } from './feedback.repository.ts';

/** What an exercise accepts today, from its fields (types 9, 10, 11, 13, 14), for the authors' list. */
export function acceptedNow(type: number, fields: Record<string, unknown>): string[] {
  const text = (key: string) => (typeof fields[key] === 'string' ? [fields[key]] : []);
  switch (type) {
    case 9:
      return text('type9_in_correct_order');
    case 10:
      return text('type10_sentence');
    case 11:
      return text('type11_correct_answers').flatMap((answers) => answers.split(';').map((one) => one.trim()));
    case 13:
      return Array.isArray(fields.type13_correct_answers) ? fields.type13_correct_answers.map(String) : [];
    case 14:
      return text('type14_sentence');
    default:
      return [];
  }
}

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
      const accepted = acceptedNow(row.exerciseType, row.fields);
      if (accepted.length > 0) lines.push(`  accepts: ${accepted.join(' | ')}`);
    }
    lines.push(`  reported ×${row.reports}: ${row.answer}`);
  }
  return lines;
}
