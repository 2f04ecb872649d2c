import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * ADR 020: an integration that is not configured is not loaded. Each of these packages is imported only
 * where it is used (a dynamic `import()` or a lazy `require`), so a server that starts without Stripe,
 * SMTP, push, social sign-in or PostgreSQL keeps none of them resident. This walks the static import
 * graph the server starts with (its own sources and the workspace packages, as tsx loads them) and fails
 * when one of them is reached by a static import. A type-only import is erased and does not count;
 * anything else does, even if the compiler could drop it, so the check errs on the side of failing.
 */
const optionalIntegrations = [
  'stripe', // payments, only with STRIPE_SECRET_KEY
  'sharp', // the first avatar upload
  'nodemailer', // the first mail
  'web-push', // the first key pair or push message
  'openid-client', // social sign-in, only with a provider keyed
  'jose',
  'arctic',
  'pg-boss', // scheduled jobs on PostgreSQL only
  'pg', // PostgreSQL only
  'drizzle-orm/node-postgres',
  '@electric-sql/pglite', // the embedded database only
  'drizzle-orm/pglite',
  'prom-client', // /metrics, only with METRICS_TOKEN
];

const serverSrc = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(serverSrc, '../../..');
const workspacePackages: Record<string, string> = {
  '@parlo/core/': 'packages/core/src/',
  '@parlo/contract/': 'packages/contract/src/',
  '@parlo/content/': 'content/build/',
};

/** Module specifiers a source loads when it is evaluated: static imports and re-exports, not types. */
function staticImportsOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.importClause?.isTypeOnly) continue;
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolveSource(from: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  for (const [prefix, dir] of Object.entries(workspacePackages))
    if (specifier.startsWith(prefix)) target = path.join(repoRoot, dir, specifier.slice(prefix.length));
  if (target === null) return null;
  const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')];
  const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every package (bare specifier) the entry reaches through static imports, with one importing file. */
function staticPackagesFrom(entry: string): { packages: Map<string, string>; files: number } {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImportsOf(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:')) continue;
      const source = resolveSource(file, specifier);
      if (source) queue.push(source);
      else if (!packages.has(specifier)) packages.set(specifier, path.relative(repoRoot, file));
    }
  }
  return { packages, files: seen.size };
}

const isOrUnder = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

describe('what the server imports at start (ADR 020)', () => {
  it('reaches no optional integration through a static import', () => {
    const { packages, files } = staticPackagesFrom(path.join(serverSrc, 'server.ts'));
    // The walk really covers the app: routes, plugins and the framework are reached.
    expect(files).toBeGreaterThan(100);
    expect(packages.has('fastify')).toBe(true);
    const offenders = [...packages]
      .filter(([specifier]) => optionalIntegrations.some((name) => isOrUnder(specifier, name)))
      .map(([specifier, importer]) => `${specifier} (imported by ${importer})`);
    expect(offenders).toEqual([]);
  });

  it('counts value imports and re-exports, not types or dynamic imports', () => {
    const source = `
      import Stripe from 'stripe';
      import { a } from './a.ts';
      import './side-effect.ts';
      import type { B } from 'openid-client';
      import type C from 'jose';
      export { d } from 'nodemailer';
      export type { E } from 'web-push';
      const sharp = await import('sharp');
    `;
    expect(staticImportsOf('x.ts', source)).toEqual(['stripe', './a.ts', './side-effect.ts', 'nodemailer']);
  });
});
