import { useTranslation } from 'react-i18next';
import { Img } from '../../../components/ui/img.tsx';
import { readableTextOn } from '../../../lib/readable-text.ts';
import { useCourseList, spokenLanguageFor, type ListedCourse } from '../../../lib/catalogue.ts';

interface Course {
  key: string;
  name: string;
  code: string;
  color: string;
  icon?: string | null;
  soon: boolean;
}

// SPEC §1 marketing copy: shown until (or whenever) the live catalogue cannot be read.
const marketingCourses = [
  { key: 'english', code: 'EN', color: '#1d4ed8', soon: false },
  { key: 'german', code: 'DE', color: '#b45309', soon: false },
  { key: 'french', code: 'FR', color: '#be185d', soon: false },
  { key: 'spanish', code: 'ES', color: '#b91c1c', soon: false },
  { key: 'japanese', code: 'JA', color: '#6d28d9', soon: true },
] as const;

const marketingKeyByName = new Map<string, string>(
  marketingCourses.map((course) => [course.key, course.key]),
);

function liveCourse(coursePackage: ListedCourse, translateName: (name: string) => string): Course {
  const fallback = marketingCourses.find((course) => course.key === coursePackage.name.toLowerCase());
  return {
    key: String(coursePackage.id),
    name: translateName(coursePackage.name),
    code: fallback?.code ?? coursePackage.name.slice(0, 2).toUpperCase(),
    color: coursePackage.color || fallback?.color || '#4f46e5',
    icon: coursePackage.icon,
    soon: coursePackage.soon,
  };
}

export function LanguagesOffered() {
  const { t, i18n } = useTranslation();
  const catalogue = useCourseList();
  // Course names from the catalogue are English; the five we market are shown in the reader's language.
  const translateName = (name: string) => {
    const key = marketingKeyByName.get(name.toLowerCase());
    return key ? t(`landing.course.${key}`) : name;
  };

  let courses: Course[] = marketingCourses.map((course) => ({
    ...course,
    name: t(`landing.course.${course.key}`),
  }));
  const language = catalogue.data ? spokenLanguageFor(catalogue.data, null, i18n.language) : undefined;
  if (language && language.packages.length > 0) {
    courses = language.packages.map((coursePackage) => liveCourse(coursePackage, translateName));
  }

  return (
    <ul className="courses" aria-busy={catalogue.isPending || undefined}>
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
            <span className="course-tile__name">{course.name}</span>
            {course.soon ? <span className="pill pill--muted">{t('landing.comingSoon')}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
