import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { useCatalogue, type CatalogueTopic } from '../../../lib/catalogue.ts';

/** Course rules come as HTML from the content; only harmless markup is ever put on the page. */
export function RulesHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // Sanitised just above: scripts, event handlers and javascript: links are gone. The rules are written in
  // the learner's own language, which may run the other way than the interface: dir="auto" takes the
  // direction from the text itself and isolates it, so Arabic rules read right to left in an English UI.
  return <div className="rules-html prose" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}

interface RulesDialogProps {
  title: string;
  /** The rules lesson to read; its text is loaded when the dialog opens. */
  rules: { topicId: number; lessonId: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Finds a topic of the catalogue by id (the dashboard's answer carries names only, not the rules). */
export function catalogueTopic(
  languages: ReturnType<typeof useCatalogue>['data'],
  topicId: number | null | undefined,
): CatalogueTopic | undefined {
  for (const language of languages ?? [])
    for (const coursePackage of language.packages)
      for (const program of coursePackage.programs) {
        const topic = program.topics.find((item) => item.id === topicId);
        if (topic) return topic;
      }
  return undefined;
}

/** The rules text, read from the catalogue only once a learner opens them. */
function LessonRules({ topicId, lessonId }: RulesDialogProps['rules']) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  if (catalogue.isPending) return <Spinner size="lg" label={t('common.loading')} />;
  if (catalogue.isError) return <RequestFailed query={catalogue} />;
  const topic = catalogueTopic(catalogue.data, topicId);
  const lesson = topic?.lessons.find((item) => item.id === lessonId);
  // A rules lesson without its own text shows its topic's rules.
  const html = lesson?.html ?? topic?.html ?? null;
  return html ? <RulesHtml html={html} /> : <p>{t('dashboard.topics.noRules')}</p>;
}

export function RulesDialog({ title, rules, open, onOpenChange }: RulesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={title}
      closeLabel={t('common.close')}
      footer={
        <DialogClose asChild>
          <Button>{t('dashboard.topics.rulesDone')}</Button>
        </DialogClose>
      }
    >
      <LessonRules {...rules} />
    </Dialog>
  );
}
