import DOMPurify from 'dompurify';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { lessonQuery } from '../../../lib/lesson.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

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

/** The rules text, read with the lesson (GET /api/lessons/{id}, ADR 027) only once a learner opens them. */
function LessonRules({ topicId, lessonId }: RulesDialogProps['rules']) {
  const { t } = useTranslation();
  const lesson = useQuery(lessonQuery(lessonId));
  if (lesson.isPending) return <Spinner size="lg" label={t('common.loading')} />;
  if (lesson.isError) return <RequestFailed query={lesson} />;
  const topic = lesson.data.topic.id === topicId ? lesson.data.topic : undefined;
  // A rules lesson without its own text shows its topic's rules.
  const html = topic?.lessons.find((item) => item.id === lessonId)?.html ?? topic?.html ?? null;
  return html ? <RulesHtml html={html} /> : <p>{t('dashboard.topics.noRules')}</p>;
}

export function RulesDialog({ title, rules, open, onOpenChange }: RulesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={<ForeignText>{title}</ForeignText>}
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
