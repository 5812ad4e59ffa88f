import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { CATEGORY_LIST } from '../../../../shared/catalog.ts';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { browseCategory, categoryDescription, categoryName } from '../../../i18n/labels.ts';
import { paths, sectionIds } from '../../../lib/paths.ts';
import { CategoryIcon } from './category-icon.tsx';

export function CategoriesSection() {
  return (
    <section
      id={sectionIds.categories}
      aria-labelledby="categories-heading"
      // Focus target of the hero's Buy Now button; programmatic only, so no outline.
      tabIndex={-1}
      className="scroll-mt-4 py-14 outline-none"
    >
      <SectionHeading id="categories-heading" title={t`Laptop Categories`}>
        {t`Pick the kind of laptop you need and browse what sellers near you are offering.`}
      </SectionHeading>
      <ul className="grid gap-6 md:grid-cols-3">
        {CATEGORY_LIST.map(({ category_name }) => (
          <li key={category_name}>
            {/* The whole card is clickable, but the link itself is the heading's text, so its spoken
                name is what it shows (a stretched link: its ::after covers the card). */}
            <div className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-primary">
              <div className="card-body items-start gap-3">
                <CategoryIcon category={category_name} />
                <h3 className="card-title text-xl">
                  <Link
                    to={paths.category(category_name)}
                    aria-describedby={`category-${category_name}-desc`}
                    className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                  >
                    {categoryName(category_name)}
                  </Link>
                </h3>
                <p id={`category-${category_name}-desc`} className="text-base-content/75">
                  {categoryDescription(category_name)}
                </p>
                <span className="mt-2 font-semibold text-primary" aria-hidden="true">
                  {browseCategory(category_name)}
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
