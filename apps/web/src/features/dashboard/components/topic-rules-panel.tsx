import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { lessonQuery } from '../../../lib/lesson.ts';
import { useDashboard } from '../api/dashboard.ts';
import { topicRulesTexts } from '../course-view.ts';
import { RulesHtml } from './rules-dialog.tsx';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

/**
 * The rules of the topic the learner is on: the topic's own text and its rules lessons. The dashboard's
 * answer says whether the topic has rules and names its lessons; the texts come with any lesson of the
 * topic (GET /api/lessons/{id}, ADR 027) — its rules lesson, the one the player reads anyway.
 */
export function TopicRulesPanel() {
  const { t } = useTranslation();
  const overview = useDashboard();
  const topicId = overview.data?.program?.currentTopicId;
  const topic = overview.data?.course?.topics.find((item) => item.id === topicId);
  const lessonId = (topic?.lessons.find((lesson) => lesson.hasRules) ?? topic?.lessons[0])?.id;
  const hasRules = topic ? topic.hasRules || topic.lessons.some((lesson) => lesson.hasRules) : false;
  const lesson = useQuery({ ...lessonQuery(lessonId ?? 0), enabled: hasRules && lessonId !== undefined });
  if (overview.isPending || (hasRules && lesson.isPending)) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (lesson.isError) return <RequestFailed query={lesson} />;
  const texts = lesson.data?.topic.id === topicId && lesson.data ? topicRulesTexts(lesson.data.topic) : [];
  if (!topic || texts.length === 0) {
    return <EmptyState icon={<BookIcon />} text={t('dashboard.topics.noRules')} />;
  }
  return (
    <div className="topic-rules">
      <h3 className="topic-rules__topic">
        <ForeignText>{topic.name}</ForeignText>
      </h3>
      {texts.map((html, index) => (
        <RulesHtml key={index} html={html} />
      ))}
    </div>
  );
}
