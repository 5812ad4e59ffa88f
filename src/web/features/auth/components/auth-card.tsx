import type { ReactNode } from 'react';

/** The frame of the log-in and sign-up pages: a titled card, centred, full width on phones. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5 sm:p-8">
          <div>
            <h1 className="text-3xl font-bold">{title}</h1>
            <p className="mt-1 text-base-content/70">{intro}</p>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
