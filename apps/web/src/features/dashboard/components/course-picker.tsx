import { lazy, Suspense, useState, type ButtonHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';
import { Menu, MenuItem, MenuLabel, MenuNote, MenuSeparator } from '../../../components/ui/menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { spokenLanguageFor, useCourseList } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSelectCourse } from '../../../lib/learning.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useDashboard } from '../api/dashboard.ts';
import { paths } from '../../../config/paths.ts';

// Shown only when a switch fails; once shown it stays mounted, so it closes as any dialog does.
const ProgramSwitchFailed = lazy(async () => ({
  default: (await import('./program-switch-failed.tsx')).ProgramSwitchFailed,
}));

/** The learner's current course and program according to their progress record. */
export function currentSelection(user: SessionUser) {
  const entry = user.learningProgress.selected.find((item) => item.selected);
  return { packageId: entry?.packageId ?? user.learnedPackageId, programId: entry?.programId ?? null };
}

interface PickerTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind: 'program' | 'course';
  label: string;
  /** What is chosen; undefined while the dashboard is still asked for (a bar, not a "not chosen" that is untrue). */
  value: string | undefined;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

// Radix's Trigger (asChild) hands its handlers and ref down through these props.
function PickerTrigger({ kind, label, value, busy, ...props }: PickerTriggerProps) {
  return (
    <button
      type="button"
      className={`picker picker--${kind}`}
      {...props}
      // After the spread: the menu's own trigger props carry an aria-busy of their own (its code loading).
      aria-busy={busy || value === undefined || props['aria-busy'] || undefined}
    >
      <span className="picker__label">{label}</span>
      {value === undefined ? (
        <span className="picker__value picker__value--loading" />
      ) : (
        <span className="picker__value" dir="auto">
          {value}
        </span>
      )}
      {busy ? (
        <span className="picker__chevron">
          <Spinner size="sm" label={label} />
        </span>
      ) : (
        <ChevronDownIcon className="picker__chevron" />
      )}
    </button>
  );
}

/**
 * Course picker: the current course comes with the dashboard's answer; the courses for the language the
 * learner speaks (GET /api/courses, a few KB) are read when the menu opens. 'Soon' ones cannot be chosen.
 */
export function CoursePicker({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const course = dashboard.data?.course;

  return (
    <Menu
      align="start"
      label={t('nav.course')}
      trigger={
        <PickerTrigger
          kind="course"
          label={t('nav.course')}
          value={dashboard.isPending ? undefined : (course?.courseName ?? t('nav.courseNotChosen'))}
        />
      }
    >
      <MenuLabel>{t('nav.course')}</MenuLabel>
      <MenuSeparator />
      <CourseChoices user={user} packageId={course?.packageId ?? currentSelection(user).packageId} />
    </Menu>
  );
}

function CourseChoices({ user, packageId }: { user: SessionUser; packageId: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const courses = useCourseList();
  const errorText = useErrorMessage();
  const language = courses.data
    ? spokenLanguageFor(courses.data, user.spokenLanguageId, i18n.language)
    : undefined;

  if (courses.isPending) {
    return (
      <MenuNote>
        <Spinner size="sm" label={t('common.loading')} />
      </MenuNote>
    );
  }
  if (courses.isError) {
    return (
      <>
        <MenuNote>{errorText(courses.error)}</MenuNote>
        <MenuItem onSelect={() => void courses.refetch()}>{t('common.retry')}</MenuItem>
      </>
    );
  }
  if (!language || language.packages.length === 0) return <MenuNote>{t('nav.noCourses')}</MenuNote>;
  return (
    <>
      {language.packages.map((coursePackage) => (
        <MenuItem
          key={coursePackage.id}
          disabled={coursePackage.soon}
          hint={
            coursePackage.soon ? t('landing.comingSoon') : coursePackage.id === packageId ? '✓' : undefined
          }
          onSelect={() => void navigate(paths.selectProgram, { state: { packageId: coursePackage.id } })}
        >
          <ForeignText>{coursePackage.name}</ForeignText>
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={() => void navigate(paths.selectCourse)}>
        {t('dashboard.picker.otherLanguage')}
      </MenuItem>
    </>
  );
}

/**
 * Program picker: the programs of the current course. Choosing one switches to it at once (POST
 * /api/learning/course); a program started before carries on where the learner left it.
 */
export function ProgramPicker() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const errorText = useErrorMessage();
  const selectCourse = useSelectCourse();
  const [failureOpen, setFailureOpen] = useState(false);
  const [failureShown, setFailureShown] = useState(false);
  const course = dashboard.data?.course;
  const programId = course?.programId ?? null;
  const current = course?.programs.find((program) => program.id === programId);

  return (
    <>
      <Menu
        align="start"
        label={t('nav.program')}
        trigger={
          <PickerTrigger
            kind="program"
            label={t('nav.program')}
            value={dashboard.isPending ? undefined : (current?.name ?? t('nav.programNotChosen'))}
            busy={selectCourse.isPending}
          />
        }
      >
        <MenuLabel>{t('nav.program')}</MenuLabel>
        <MenuSeparator />
        {dashboard.isPending ? (
          <MenuNote>
            <Spinner size="sm" label={t('common.loading')} />
          </MenuNote>
        ) : dashboard.isError ? (
          <>
            <MenuNote>{errorText(dashboard.error)}</MenuNote>
            <MenuItem onSelect={() => void dashboard.refetch()}>{t('common.retry')}</MenuItem>
          </>
        ) : !course ? (
          <MenuNote>{t('nav.chooseCourseFirst')}</MenuNote>
        ) : course.programs.length === 0 ? (
          <MenuNote>{t('nav.noPrograms')}</MenuNote>
        ) : (
          course.programs.map((program) => (
            <MenuItem
              key={program.id}
              hint={program.id === programId ? '✓' : undefined}
              onSelect={() => {
                if (program.id === programId) return;
                selectCourse.mutate(
                  { packageId: course.packageId, programId: program.id },
                  {
                    onError: () => {
                      setFailureShown(true);
                      setFailureOpen(true);
                    },
                  },
                );
              }}
            >
              <ForeignText>{program.name}</ForeignText>
            </MenuItem>
          ))
        )}
      </Menu>
      {failureShown ? (
        <Suspense fallback={null}>
          <ProgramSwitchFailed
            open={failureOpen}
            onOpenChange={setFailureOpen}
            description={selectCourse.error ? errorText(selectCourse.error) : undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
}
