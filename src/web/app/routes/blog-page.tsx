import { PageTitle } from '../../components/page-title.tsx';
import { ArticleList } from '../../features/blog/components/article-list.tsx';
import { BlogHero } from '../../features/blog/components/blog-hero.tsx';

export function BlogPage() {
  return (
    <>
      <PageTitle>Blog — Laptop Haat</PageTitle>
      <BlogHero />
      <div className="mt-12">
        <ArticleList />
      </div>
    </>
  );
}
