import { t } from '@lingui/core/macro';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useArticles } from '../api/use-articles.ts';

export function ArticleList() {
  const { data: articles, isPending, isError } = useArticles();
  if (isPending) return <Spinner />;
  if (isError) return <LoadError what={t`the articles`} />;
  if (articles.length === 0) return <p className="py-8 text-center text-base-content/70">{t`No articles yet.`}</p>;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {articles.map((article) => (
        <article key={article._id} className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3">
            <h2 className="card-title text-xl leading-snug">{article.question}</h2>
            <p className="whitespace-pre-line leading-relaxed text-base-content/80">{article.answer}</p>
          </div>
        </article>
      ))}
    </div>
  );
}
