import { globalRegistry, toJSONSchema } from 'zod';
import { describe, expect, it } from 'vitest';

/*
 * ADR 044: the dashboard's code parses its answer with dashboard.ts and must not build the rest of the
 * learning contract (the lesson, blitz and completion shapes, every exercise type's through catalogue.ts)
 * before its greeting. The shapes a module builds are the ids it registers, so the registry says which
 * modules an import evaluated. (This file imports nothing else from the contract: vitest evaluates it in
 * a module graph of its own.)
 */
function registeredIds(): string[] {
  // zod's public way to list a registry: one JSON Schema per registered id.
  return Object.keys(toJSONSchema(globalRegistry, { unrepresentable: 'any', io: 'input' }).schemas);
}

describe("the dashboard's contract", () => {
  it('builds its own shapes and none of the lesson, completion or catalogue shapes', async () => {
    const before = registeredIds();
    const { dashboard, overview } = await import('./dashboard.ts');
    const built = registeredIds().filter((id) => !before.includes(id));

    expect(built.sort()).toEqual(['LearningDashboard', 'LearningOverview']);
    expect(dashboard.response.safeParse(null).success).toBe(false);
    expect(overview.path).toBe('/api/learning/overview');
  });

  it('is the same call learning.ts exports, so the server registers it once', async () => {
    const dashboardModule = await import('./dashboard.ts');
    const learning = await import('./learning.ts');

    expect(learning.dashboard).toBe(dashboardModule.dashboard);
    expect(learning.overview).toBe(dashboardModule.overview);
    expect(registeredIds()).toEqual(expect.arrayContaining(['LessonCompletion', 'LearningProgress']));
  });
});
