import { Link } from 'react-router';
import { CATEGORY_LIST } from '../../../../shared/catalog.ts';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { capitalize } from '../../../lib/format.ts';
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
      <SectionHeading id="categories-heading" title="Laptop Categories">
        Pick the kind of laptop you need and browse what sellers near you are offering.
      </SectionHeading>
      <ul className="grid gap-6 md:grid-cols-3">
        {CATEGORY_LIST.map(({ category_name, category_desc }) => (
          <li key={category_name}>
            <Link
              to={paths.category(category_name)}
              // The whole card is the link; naming it by its heading keeps the spoken name short.
              aria-labelledby={`category-${category_name}-name`}
              aria-describedby={`category-${category_name}-desc`}
              className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:outline-offset-4"
            >
              <div className="card-body items-start gap-3">
                <CategoryIcon category={category_name} />
                <h3 id={`category-${category_name}-name`} className="card-title text-xl">
                  {capitalize(category_name)}
                </h3>
                <p id={`category-${category_name}-desc`} className="text-base-content/75">
                  {category_desc}
                </p>
                <span className="mt-2 font-semibold text-primary" aria-hidden="true">
                  Browse {category_name} laptops →
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
