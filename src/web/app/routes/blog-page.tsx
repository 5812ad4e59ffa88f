import { ArticleList } from '../../features/blog/components/article-list.tsx';
import { BlogHero } from '../../features/blog/components/blog-hero.tsx';

export function BlogPage() {
  return (
    <>
      <title>Blog — Laptop Haat</title>
      <BlogHero />
      <div className="mt-12">
        <ArticleList />
      </div>
    </>
  );
}
