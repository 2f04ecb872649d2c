import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 33: the ADRs record decisions, not measurements (those live in bench/README.md), and each one says
// whether it still holds. These checks keep them that way as ADRs are added or replaced.

const decisionsDir = new URL('../../docs/decisions/', import.meta.url);
const maxWords = 500;
const adrFile = /^(\d{3})-[a-z0-9-]+\.md$/;
const statusLine = /^Status: (accepted|deprecated|superseded by (\d{3}))\.$/;
const sections = ['## Context', '## Decision', '## Consequences'];

interface Decision {
  file: string;
  text: string;
}

/** Every way the ADRs and their index disagree with the rules above, one sentence each. */
function decisionProblems(decisions: Decision[], index: string): string[] {
  const problems: string[] = [];
  const files = new Set(decisions.map((decision) => decision.file));
  const numbers = new Map(decisions.map((decision) => [decision.file.slice(0, 3), decision.file]));
  const indexRows = new Map<string, string>();
  const indexWords = index.split(/\s+/).filter(Boolean).length;
  if (indexWords > maxWords) problems.push(`the index has ${indexWords} words (at most ${maxWords})`);
  for (const match of index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) *\| ([^|]+?) *\|$/gm)) {
    const [, number, file, status] = match as unknown as [string, string, string, string];
    indexRows.set(file, status);
    if (!files.has(file)) problems.push(`the index lists ${file}, which does not exist`);
    if (!file.startsWith(number)) problems.push(`the index links ${number} to ${file}`);
  }
  for (const { file, text } of decisions) {
    const words = text.split(/\s+/).filter(Boolean).length;
    if (words > maxWords) problems.push(`${file} has ${words} words (at most ${maxWords})`);
    const statuses = text.split('\n').flatMap((line) => {
      const match = statusLine.exec(line);
      return match ? [match] : [];
    });
    const [status] = statuses;
    if (statuses.length !== 1 || !status) {
      problems.push(`${file} needs exactly one "Status: accepted|deprecated|superseded by NNN." line`);
    } else {
      const replacement = status[2];
      if (replacement !== undefined && !numbers.has(replacement)) {
        problems.push(`${file} is superseded by ${replacement}, which does not exist`);
      }
      if (replacement === file.slice(0, 3)) problems.push(`${file} is superseded by itself`);
      const listed = indexRows.get(file);
      if (listed === undefined) problems.push(`${file} is not listed in the index`);
      else if (listed !== status[1])
        problems.push(`${file} is "${status[1]}" but the index says "${listed}"`);
    }
    for (const section of sections) {
      if (!text.split('\n').includes(section)) problems.push(`${file} has no "${section}" section`);
    }
  }
  return problems;
}

function readDecisions(): { decisions: Decision[]; index: string } {
  const decisions = readdirSync(decisionsDir)
    .filter((file) => adrFile.test(file))
    .map((file) => ({ file, text: readFileSync(new URL(file, decisionsDir), 'utf8') }));
  return { decisions, index: readFileSync(new URL('README.md', decisionsDir), 'utf8') };
}

const wellFormed = (status: string) =>
  `# 002. Two\n\nStatus: ${status}.\nDate: 2026-11-29.\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nThen.\n`;
const fixtureIndex = (status: string) =>
  `| ADR | status |\n| --- | --- |\n| [001](001-one.md) | accepted |\n| [002](002-two.md) | ${status} |\n`;
const one = { file: '001-one.md', text: wellFormed('accepted').replace('# 002. Two', '# 001. One') };

describe('the architecture decisions in docs/decisions', () => {
  it('are each at most 500 words, with a status, the three sections, and listed in an index of at most 500 words', () => {
    const { decisions, index } = readDecisions();
    expect(decisions.length).toBeGreaterThan(40);
    expect(decisionProblems(decisions, index)).toEqual([]);
  });

  it('are checked by rules that accept a well-formed set', () => {
    expect(
      decisionProblems(
        [one, { file: '002-two.md', text: wellFormed('superseded by 001') }],
        fixtureIndex('superseded by 001'),
      ),
    ).toEqual([]);
  });

  it('are checked by rules that refuse each kind of violation', () => {
    const long = { file: '002-two.md', text: wellFormed('accepted') + 'word '.repeat(500) };
    expect(decisionProblems([one, long], fixtureIndex('accepted'))).toEqual([
      expect.stringMatching(/^002-two\.md has \d+ words/),
    ]);
    const unknownStatus = { file: '002-two.md', text: wellFormed('withdrawn') };
    expect(decisionProblems([one, unknownStatus], fixtureIndex('withdrawn'))).toEqual([
      expect.stringContaining('needs exactly one "Status'),
    ]);
    const dangling = { file: '002-two.md', text: wellFormed('superseded by 009') };
    expect(decisionProblems([one, dangling], fixtureIndex('superseded by 009'))).toEqual([
      '002-two.md is superseded by 009, which does not exist',
    ]);
    const two = { file: '002-two.md', text: wellFormed('deprecated') };
    expect(decisionProblems([one, two], fixtureIndex('accepted'))).toEqual([
      '002-two.md is "deprecated" but the index says "accepted"',
    ]);
    expect(decisionProblems([one, two], fixtureIndex('deprecated') + 'word '.repeat(500))).toEqual([
      expect.stringMatching(/^the index has \d+ words/),
    ]);
    expect(
      decisionProblems([one, two], fixtureIndex('deprecated').split('\n').slice(0, 3).join('\n')),
    ).toEqual(['002-two.md is not listed in the index']);
    expect(decisionProblems([one], fixtureIndex('deprecated'))).toEqual([
      'the index lists 002-two.md, which does not exist',
    ]);
    const noDecision = { file: '002-two.md', text: wellFormed('deprecated').replace('## Decision\n', '') };
    expect(decisionProblems([one, noDecision], fixtureIndex('deprecated'))).toEqual([
      '002-two.md has no "## Decision" section',
    ]);
  });
});
