import { useParams } from 'react-router';
import { useTopicArticles } from '../../api/articles.queries';
import { ArticleList } from '../../components/ArticleList';
import { PageHeader } from '../../components/PageHeader';
import { topicLabel } from '../../lib/articles';

/** `/topic/{topic}`: the topic's articles, newest first, scrolling on. */
export function Topic() {
  const { topic = '' } = useParams();
  const title = topicLabel(topic);
  const articles = useTopicArticles({ q: topic });
  return (
    <div className="page page-wide">
      <PageHeader title={title} back />
      <ArticleList query={articles} label={`${title}的文章`} empty={`“${title}”话题下还没有文章`} />
    </div>
  );
}
