import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { findCoursePackage, useCatalogue } from '../../../lib/catalogue.ts';
import { useDashboard } from '../api/dashboard.ts';
import { topicRulesTexts } from '../course-view.ts';
import { RulesHtml } from './rules-dialog.tsx';

/** The rules of the topic the learner is on: the topic's own text and its rules lessons. */
export function TopicRulesPanel() {
  const { t } = useTranslation();
  const overview = useDashboard();
  const catalogue = useCatalogue();
  if (overview.isPending || catalogue.isPending) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  const program = overview.data?.program;
  const found = program && catalogue.data ? findCoursePackage(catalogue.data, program.packageId) : undefined;
  const topic = found?.coursePackage.programs
    .find((item) => item.id === program?.programId)
    ?.topics.find((item) => item.id === program?.currentTopicId);
  const texts = topic ? topicRulesTexts(topic) : [];
  if (!topic || texts.length === 0) {
    return <EmptyState icon={<BookIcon />} text={t('dashboard.topics.noRules')} />;
  }
  return (
    <div className="topic-rules">
      <h3 className="topic-rules__topic">{topic.name}</h3>
      {texts.map((html, index) => (
        <RulesHtml key={index} html={html} />
      ))}
    </div>
  );
}
