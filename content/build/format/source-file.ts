import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { Problem } from '../problems.ts';

export type SourcePath = readonly (string | number)[];

/**
 * One parsed YAML file that remembers where each value came from, so every problem can be reported as
 * `file:line`. `lineOf` walks up the path until it finds a node that exists (a missing key is reported at
 * the map that should hold it).
 */
export interface SourceFile {
  /** Path relative to the content folder's parent, as printed in messages. */
  name: string;
  data: unknown;
  lineOf(sourcePath: SourcePath): number;
}

export function readSourceFile(absolutePath: string, displayRoot: string): SourceFile | Problem {
  const name = path.relative(displayRoot, absolutePath) || absolutePath;
  let text: string;
  try {
    text = fs.readFileSync(absolutePath, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    return { severity: 'error', file: name, line: 1, message: reason };
  }
  return parseSourceText(text, name);
}

export function parseSourceText(text: string, name: string): SourceFile | Problem {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const firstError = doc.errors[0];
  if (firstError) {
    const line = lineCounter.linePos(firstError.pos[0]).line;
    const message = firstError.message.split('\n')[0] ?? 'YAML syntax error';
    return { severity: 'error', file: name, line, message: `YAML: ${message}` };
  }
  return {
    name,
    data: doc.toJS({ maxAliasCount: 100 }),
    lineOf: (sourcePath) => lineOfPath(doc, lineCounter, sourcePath),
  };
}

function lineOfPath(doc: Document, lineCounter: LineCounter, sourcePath: SourcePath): number {
  for (let length = sourcePath.length; length >= 0; length -= 1) {
    const node = length === 0 ? doc.contents : doc.getIn(sourcePath.slice(0, length), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return 1;
}
