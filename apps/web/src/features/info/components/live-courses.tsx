import { useTranslation } from 'react-i18next';
import { spokenLanguageFor, useCourseList, type ListedCourse } from '../../../lib/catalogue.ts';
import {
  CourseTiles,
  marketingCourses,
  marketingKeyByName,
  useMarketingCourses,
  type Course,
} from './languages-offered.tsx';

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

/** The courses offered in the reader's spoken language (GET /api/courses), loaded near the screen. */
export default function LiveCourses() {
  const { t, i18n } = useTranslation();
  const catalogue = useCourseList();
  const marketing = useMarketingCourses();
  // Course names from the catalogue are English; the five we market are shown in the reader's language.
  const translateName = (name: string) => {
    const key = marketingKeyByName.get(name.toLowerCase());
    return key ? t(`landing.course.${key}`) : name;
  };
  const language = catalogue.data ? spokenLanguageFor(catalogue.data, null, i18n.language) : undefined;
  const courses =
    language && language.packages.length > 0
      ? language.packages.map((coursePackage) => liveCourse(coursePackage, translateName))
      : marketing;
  return <CourseTiles courses={courses} busy={catalogue.isPending} />;
}
