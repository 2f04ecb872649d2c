import fs from 'node:fs';
import path from 'node:path';
import { billingErrorCodes, refusalCodes, requestErrorCodes } from '@parlo/contract/errors';
import { profileErrorCodes, registrationErrorCodes } from '@parlo/core/validation/user-validation';
import { socialErrorCodes } from '@parlo/contract/social';
import { describe, expect, it } from 'vitest';
import { validationMessages } from './app-error.ts';

/*
 * The web app translates the codes listed in @parlo/contract/errors (apps/web/src/lib/error-codes.test.ts).
 * This reads the server's source for every code it writes, so a new refusal cannot reach a learner as
 * untranslated English: add the code to the contract, and its texts to the web app.
 */
const sourceDir = path.join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

function codesWritten(source: string): string[] {
  const literal = [
    ...source.matchAll(/new AppError\(\s*\d+,\s*'([^']+)'/g),
    ...source.matchAll(/\bcode: '([A-Za-z][\w-]*)'/g),
  ].map((match) => match[1] ?? '');
  // A lesson refused by the answers' replay: COMPLETION_ and the reason (learning.service.ts).
  const completion = /const completionErrorMessages[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const reasons = [...completion.matchAll(/'([a-z-]+)':/g)].map(
    (match) => `COMPLETION_${(match[1] ?? '').toUpperCase().replaceAll('-', '_')}`,
  );
  return [...literal, ...reasons];
}

describe('error codes', () => {
  const listed = new Set<string>([
    ...requestErrorCodes,
    ...refusalCodes,
    ...billingErrorCodes,
    ...socialErrorCodes,
    'INTERNAL',
  ]);

  it('every code the server writes is listed in the contract', () => {
    const written = sourceFiles(sourceDir).flatMap((file) =>
      codesWritten(fs.readFileSync(file, 'utf8')).map((code) => ({
        code,
        file: path.relative(sourceDir, file),
      })),
    );
    expect(written.length).toBeGreaterThan(30);
    expect(written.filter(({ code }) => !listed.has(code))).toEqual([]);
  });

  it('reads the completion refusals from their reasons', () => {
    const learning = fs.readFileSync(path.join(sourceDir, 'modules/learning/learning.service.ts'), 'utf8');
    expect(codesWritten(learning)).toContain('COMPLETION_ANSWER_AFTER_END');
  });

  it('every field code the server sends is one of SPEC §5', () => {
    const fieldCodes = new Set<string>([
      ...registrationErrorCodes,
      ...profileErrorCodes,
      'error-age-not-valid',
      'error-name-too-long',
      // Issue 13: the learner's IANA time zone, checked against Intl's list.
      'error-time-zone-not-valid',
    ]);
    expect(Object.keys(validationMessages).filter((code) => !fieldCodes.has(code))).toEqual([]);
  });
});
