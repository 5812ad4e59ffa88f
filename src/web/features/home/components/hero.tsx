import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '../../../../shared/catalog.ts';
import { paths, sectionIds } from '../../../lib/paths.ts';
import { roleQuery, sessionQuery } from '../../../lib/session.ts';

function scrollToCategories() {
  const section = document.getElementById(sectionIds.categories);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Move keyboard and screen-reader users along with the view, not just sighted mouse users.
  section.focus({ preventScroll: true });
}

/**
 * Sell Now: a signed-in seller goes straight to Add A Product; anyone else signs up as a seller.
 * Decided at the click, so a click while the session is still loading still goes the right way.
 */
function useSellNow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    let role: Role | null = null;
    try {
      const user = await queryClient.ensureQueryData(sessionQuery());
      if (user) role = await queryClient.ensureQueryData(roleQuery(user.email));
    } catch {
      // Unknown: signing up is the safe suggestion, and the signup page works for anyone.
    }
    navigate(role === 'seller' ? paths.addAProduct : `${paths.signup}?role=seller`);
  };
}

/** The hero's width: half the row from `lg`, else the page's width less its padding (main's and the hero's). */
const HERO_SIZES =
  '(min-width: 1024px) min(50vw, 576px), (min-width: 640px) min(calc(100vw - 6rem), 576px), min(calc(100vw - 4rem), 576px)';
const heroSrcSet = (format: 'avif' | 'webp') =>
  [600, 800, 1200].map((w) => `/images/hero-${w}.${format} ${w}w`).join(', ');

/** `search`: the search box, under the words (composed by the page: features do not import one another). */
export function Hero({ search }: { search?: ReactNode }) {
  const onSellNow = useSellNow();
  return (
    <section className="hero rounded-box bg-gradient-to-br from-sky-50 via-base-100 to-teal-50 px-4 py-10 sm:px-8 lg:py-16">
      <div className="hero-content w-full max-w-none flex-col gap-10 p-0 lg:flex-row lg:gap-12">
        <div className="text-center lg:w-1/2 lg:text-left">
          <p className="font-semibold text-primary uppercase tracking-wider">{t`Bangladesh's used laptop market`}</p>
          <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {t`Good laptops, fair prices, sellers you can trust`}
          </h1>
          <p className="mt-5 text-lg text-base-content/75">
            {t`Find a second-hand casual, gaming or premium laptop from sellers in all eight divisions, or give the laptop you no longer use a new owner.`}
          </p>
          {search ? <div className="mx-auto mt-6 max-w-xl lg:mx-0">{search}</div> : null}
          <div className="mt-6 flex flex-wrap justify-center gap-3 lg:justify-start">
            <button type="button" className="btn btn-primary btn-lg" onClick={scrollToCategories}>
              {t`Buy Now`}
            </button>
            {/* Sell Now leads a seller to Add A Product and anyone else to sign-up (docs/product.md#home). */}
            <button type="button" className="btn btn-outline btn-primary btn-lg" onClick={onSellNow}>
              {t`Sell Now`}
            </button>
          </div>
        </div>
        {/* AVIF where the browser takes it (half WebP's bytes); 800 px for a phone's 348 CSS px at
            1.75–2.5x (scripts/render-images.mjs). */}
        <picture className="w-full max-w-xl lg:w-1/2">
          <source type="image/avif" srcSet={heroSrcSet('avif')} sizes={HERO_SIZES} />
          <img
            src="/images/hero-600.webp"
            srcSet={heroSrcSet('webp')}
            sizes={HERO_SIZES}
            alt={t`Used laptops with price tags at a market stall`}
            width={1200}
            height={600}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full rounded-box"
          />
        </picture>
      </div>
    </section>
  );
}
