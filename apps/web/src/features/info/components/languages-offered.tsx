import { lazy, Suspense, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Img } from '../../../components/ui/img.tsx';
import { readableTextOn } from '../../../lib/readable-text.ts';
import { useNearScreen } from '../../../lib/use-near-screen.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

// The live course list (GET /api/courses, with the catalogue contract and zod that parse it) is loaded
// when the list nears the screen: it is below the fold, and a guest's first visit stays smaller (ADR 028).
const LiveCourses = lazy(() => import('./live-courses.tsx'));

export interface Course {
  key: string;
  name: string;
  code: string;
  color: string;
  icon?: string | null;
  soon: boolean;
}

// SPEC §1 marketing copy: shown until (or whenever) the live catalogue cannot be read.
export const marketingCourses = [
  { key: 'english', code: 'EN', color: '#1d4ed8', soon: false },
  { key: 'german', code: 'DE', color: '#b45309', soon: false },
  { key: 'french', code: 'FR', color: '#be185d', soon: false },
  { key: 'spanish', code: 'ES', color: '#b91c1c', soon: false },
  { key: 'japanese', code: 'JA', color: '#6d28d9', soon: true },
] as const;

export const marketingKeyByName = new Map<string, string>(
  marketingCourses.map((course) => [course.key, course.key]),
);

/** The course tiles: the live list once it is read, the marketing list until then (or when it cannot be). */
export function CourseTiles({
  courses,
  busy,
  listRef,
}: {
  courses: readonly Course[];
  busy?: boolean;
  listRef?: Ref<HTMLUListElement>;
}) {
  const { t } = useTranslation();
  return (
    <ul className="courses" aria-busy={busy || undefined} ref={listRef}>
      {courses.map((course) => (
        <li key={course.key} className={`course-tile${course.soon ? ' course-tile--soon' : ''}`}>
          {course.icon ? (
            <Img className="course-tile__icon" src={course.icon} alt="" />
          ) : (
            <span
              className="course-tile__code"
              style={{ backgroundColor: course.color, color: readableTextOn(course.color) }}
              aria-hidden="true"
            >
              {course.code}
            </span>
          )}
          <span className="course-tile__text">
            <span className="course-tile__name">
              <ForeignText>{course.name}</ForeignText>
            </span>
            {course.soon ? <span className="pill pill--muted">{t('landing.comingSoon')}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The five courses we market, in the reader's language. */
export function useMarketingCourses(): Course[] {
  const { t } = useTranslation();
  return marketingCourses.map((course) => ({ ...course, name: t(`landing.course.${course.key}`) }));
}

export function LanguagesOffered() {
  const [listRef, near] = useNearScreen<HTMLUListElement>();
  const marketing = useMarketingCourses();
  if (!near) return <CourseTiles courses={marketing} listRef={listRef} />;
  return (
    <Suspense fallback={<CourseTiles courses={marketing} busy />}>
      <LiveCourses />
    </Suspense>
  );
}
