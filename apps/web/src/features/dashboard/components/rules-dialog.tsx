import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

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
  html: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RulesDialog({ title, html, open, onOpenChange }: RulesDialogProps) {
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
      {html ? <RulesHtml html={html} /> : <p>{t('dashboard.topics.noRules')}</p>}
    </Dialog>
  );
}
