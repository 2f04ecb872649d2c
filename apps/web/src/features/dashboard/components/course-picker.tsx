import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuItem, MenuLabel, MenuNote, MenuSeparator } from '../../../components/ui/menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { spokenLanguageFor, useCatalogue } from '../../../lib/catalogue.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/** The learner's current course and program according to their progress record. */
export function currentSelection(user: SessionUser) {
  const entry = user.learningProgress.selected.find((item) => item.selected);
  return { packageId: entry?.packageId ?? user.learnedPackageId, programId: entry?.programId ?? null };
}

interface PickerTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  value: string;
  ref?: Ref<HTMLButtonElement>;
}

// Radix's Trigger (asChild) hands its handlers and ref down through these props.
function PickerTrigger({ label, value, ...props }: PickerTriggerProps) {
  return (
    <button type="button" className="picker" {...props}>
      <span className="picker__label">{label}</span>
      <span className="picker__value">{value}</span>
      <ChevronDownIcon className="picker__chevron" />
    </button>
  );
}

/** Course picker: the courses for the language the learner speaks; 'soon' ones cannot be chosen. */
export function CoursePicker({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const errorText = useErrorMessage();
  const language = catalogue.data
    ? spokenLanguageFor(catalogue.data, user.spokenLanguageId, i18n.language)
    : undefined;
  const { packageId } = currentSelection(user);
  const current = language?.packages.find((coursePackage) => coursePackage.id === packageId);

  return (
    <Menu
      align="start"
      label={t('nav.course')}
      trigger={<PickerTrigger label={t('nav.course')} value={current?.name ?? t('nav.courseNotChosen')} />}
    >
      <MenuLabel>{t('nav.course')}</MenuLabel>
      <MenuSeparator />
      {catalogue.isPending ? (
        <MenuNote>
          <Spinner size="sm" label={t('common.loading')} />
        </MenuNote>
      ) : catalogue.isError ? (
        <>
          <MenuNote>{errorText(catalogue.error)}</MenuNote>
          <MenuItem onSelect={() => void catalogue.refetch()}>{t('common.retry')}</MenuItem>
        </>
      ) : !language || language.packages.length === 0 ? (
        <MenuNote>{t('nav.noCourses')}</MenuNote>
      ) : (
        language.packages.map((coursePackage) => (
          <MenuItem
            key={coursePackage.id}
            disabled={coursePackage.soon}
            hint={
              coursePackage.soon ? t('landing.comingSoon') : coursePackage.id === packageId ? '✓' : undefined
            }
            onSelect={() => void navigate('/select-program', { state: { packageId: coursePackage.id } })}
          >
            {coursePackage.name}
          </MenuItem>
        ))
      )}
    </Menu>
  );
}

/** Program picker: the programs of the current course. */
export function ProgramPicker({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const errorText = useErrorMessage();
  const language = catalogue.data
    ? spokenLanguageFor(catalogue.data, user.spokenLanguageId, i18n.language)
    : undefined;
  const { packageId, programId } = currentSelection(user);
  const coursePackage = language?.packages.find((item) => item.id === packageId);
  const current = coursePackage?.programs.find((program) => program.id === programId);

  return (
    <Menu
      align="start"
      label={t('nav.program')}
      trigger={<PickerTrigger label={t('nav.program')} value={current?.name ?? t('nav.programNotChosen')} />}
    >
      <MenuLabel>{t('nav.program')}</MenuLabel>
      <MenuSeparator />
      {catalogue.isPending ? (
        <MenuNote>
          <Spinner size="sm" label={t('common.loading')} />
        </MenuNote>
      ) : catalogue.isError ? (
        <>
          <MenuNote>{errorText(catalogue.error)}</MenuNote>
          <MenuItem onSelect={() => void catalogue.refetch()}>{t('common.retry')}</MenuItem>
        </>
      ) : !coursePackage ? (
        <MenuNote>{t('nav.chooseCourseFirst')}</MenuNote>
      ) : coursePackage.programs.length === 0 ? (
        <MenuNote>{t('nav.noPrograms')}</MenuNote>
      ) : (
        coursePackage.programs.map((program) => (
          <MenuItem
            key={program.id}
            hint={program.id === programId ? '✓' : undefined}
            onSelect={() =>
              void navigate('/select-level', {
                state: { packageId: coursePackage.id, programId: program.id },
              })
            }
          >
            {program.name}
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
