import { t } from '@lingui/core/macro';

export function BlogHero() {
  return (
    <section className="rounded-box bg-gradient-to-br from-primary to-primary/80 px-6 py-14 text-center text-primary-content sm:px-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{t`Welcome to the Laptop Haat blog`}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg opacity-90">
        {t`Straight answers to the questions buyers and sellers ask us most: checking a used laptop, pricing it fairly and meeting safely.`}
      </p>
    </section>
  );
}
