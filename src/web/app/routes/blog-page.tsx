import { t } from '@lingui/core/macro';
import { PageHead } from '../../components/page-head.tsx';
import { ArticleList } from '../../features/blog/components/article-list.tsx';
import { BlogHero } from '../../features/blog/components/blog-hero.tsx';

export function BlogPage() {
  return (
    <>
      <PageHead
        title={t`Blog — Laptop Haat`}
        description={t`How to check a used laptop before you pay, what a verified seller is, battery health and safe payment: answers from Laptop Haat.`}
      />
      <BlogHero />
      <div className="mt-12">
        <ArticleList />
      </div>
    </>
  );
}
