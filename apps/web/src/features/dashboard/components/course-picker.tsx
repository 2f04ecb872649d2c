import { useState, type ButtonHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuItem, MenuLabel, MenuNote, MenuSeparator } from '../../../components/ui/menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { spokenLanguageFor, useCatalogue } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSelectCourse } from '../../../lib/learning.ts';
import type { SessionUser } from '../../../lib/session.ts';

/** The learner's current course and program according to their progress record. */
export function currentSelection(user: SessionUser) {
  const entry = user.learningProgress.selected.find((item) => item.selected);
  return { packageId: entry?.packageId ?? user.learnedPackageId, programId: entry?.programId ?? null };
}

interface PickerTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  value: string;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

// Radix's Trigger (asChild) hands its handlers and ref down through these props.
function PickerTrigger({ label, value, busy, ...props }: PickerTriggerProps) {
  return (
    <button type="button" className="picker" aria-busy={busy || undefined} {...props}>
      <span className="picker__label">{label}</span>
      <span className="picker__value" dir="auto">
        {value}
      </span>
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
        [
          ...language.packages.map((coursePackage) => (
            <MenuItem
              key={coursePackage.id}
              disabled={coursePackage.soon}
              hint={
                coursePackage.soon
                  ? t('landing.comingSoon')
                  : coursePackage.id === packageId
                    ? '✓'
                    : undefined
              }
              onSelect={() => void navigate('/select-program', { state: { packageId: coursePackage.id } })}
            >
              {coursePackage.name}
            </MenuItem>
          )),
          <MenuSeparator key="separator" />,
          <MenuItem key="other-language" onSelect={() => void navigate('/select-course')}>
            {t('dashboard.picker.otherLanguage')}
          </MenuItem>,
        ]
      )}
    </Menu>
  );
}

/**
 * Program picker: the programs of the current course. Choosing one switches to it at once (POST
 * /api/learning/course); a program started before carries on where the learner left it.
 */
export function ProgramPicker({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const errorText = useErrorMessage();
  const selectCourse = useSelectCourse();
  const [failureOpen, setFailureOpen] = useState(false);
  const language = catalogue.data
    ? spokenLanguageFor(catalogue.data, user.spokenLanguageId, i18n.language)
    : undefined;
  const { packageId, programId } = currentSelection(user);
  const coursePackage = language?.packages.find((item) => item.id === packageId);
  const current = coursePackage?.programs.find((program) => program.id === programId);

  return (
    <>
      <Menu
        align="start"
        label={t('nav.program')}
        trigger={
          <PickerTrigger
            label={t('nav.program')}
            value={current?.name ?? t('nav.programNotChosen')}
            busy={selectCourse.isPending}
          />
        }
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
              onSelect={() => {
                if (program.id === programId) return;
                selectCourse.mutate(
                  { packageId: coursePackage.id, programId: program.id },
                  { onError: () => setFailureOpen(true) },
                );
              }}
            >
              {program.name}
            </MenuItem>
          ))
        )}
      </Menu>
      <Dialog
        open={failureOpen}
        onOpenChange={setFailureOpen}
        title={t('dashboard.picker.switchFailed')}
        description={selectCourse.error ? errorText(selectCourse.error) : undefined}
        closeLabel={t('common.close')}
        footer={
          <DialogClose asChild>
            <Button>{t('common.close')}</Button>
          </DialogClose>
        }
      />
    </>
  );
}
