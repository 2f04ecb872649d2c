import type { CatalogueLesson, CatalogueProgram, CatalogueTopic } from './catalogue.ts';

/** Factories for tests and seeds. */
export function lesson(id: number, type: CatalogueLesson['type'] = 0, order = id): CatalogueLesson {
  return { id, type, order };
}

export function topic(
  id: number,
  lessons: CatalogueLesson[],
  options: Partial<Pick<CatalogueTopic, 'type' | 'basic' | 'order'>> = {},
): CatalogueTopic {
  return { id, type: 0, basic: false, order: id, lessons, ...options };
}

/**
 * Two basic topics, a blitz over them, a normal topic, a topic with only a rules lesson, another normal
 * topic and a final blitz. Regular path: 102, 103, 201, 401, 402, 601.
 */
export const sampleProgram: CatalogueProgram = {
  id: 1,
  topics: [
    // Listed out of order on purpose: `order` decides.
    topic(40, [lesson(402), lesson(401)]),
    topic(10, [lesson(101, 1), lesson(102), lesson(103), lesson(104, 2)], { basic: true }),
    topic(20, [lesson(201)], { basic: true }),
    topic(30, [], { type: 2 }),
    topic(50, [lesson(501, 1)]),
    topic(60, [lesson(601)]),
    topic(70, [], { type: 2 }),
  ],
};

export const sampleKey = { packageId: 5, languageId: 6, programId: 1 };
