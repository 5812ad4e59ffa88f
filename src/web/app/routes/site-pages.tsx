import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useClientConfig } from '../../features/auth/api/use-client-config.ts';
import { paths } from '../../lib/paths.ts';

// The footer's pages about the site itself (docs/product.md#footer-pages): About us, How to stay
// safe and Contact. Public and rendered on the server like the blog; the Contact page's e-mail and
// phone come from the server's configuration (CONTACT_EMAIL, CONTACT_PHONE) through
// GET /api/client-config, which its loader fetches before the page renders.

function SitePage({ heading, lead, children }: { heading: string; lead: string; children: ReactNode }) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{heading}</h1>
        <p className="text-lg text-base-content/80">{lead}</p>
      </header>
      {children}
    </article>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-5">
      <h2 className="text-xl font-semibold">{heading}</h2>
      <div className="flex flex-col gap-2 leading-relaxed text-base-content/90">{children}</div>
    </section>
  );
}

export function AboutPage() {
  return (
    <SitePage
      heading={t`About us`}
      lead={t`Laptop Haat is a marketplace for used laptops in Bangladesh: people who no longer need a laptop sell it to people who do, in all eight divisions.`}
    >
      <PageHead
        title={t`About us — Laptop Haat`}
        description={t`What Laptop Haat is, how buying and selling a used laptop works here, and what a verified seller is.`}
      />
      <Section heading={t`How it works`}>
        <p>
          {t`Sellers list a laptop with its photos, price, condition and division. Buyers find it by search or by category, book it, and meet the seller to check it and pay.`}
        </p>
        <p>{t`Laptop Haat does not take payments or hold money: you pay the seller in person, after you have checked the laptop.`}</p>
      </Section>
      <Section heading={t`Verified sellers`}>
        <p>
          {t`A verified seller has been checked by Laptop Haat's team; their laptops carry the verified mark. The mark is about the seller, not the laptop: always check the laptop yourself.`}
        </p>
      </Section>
      <Section heading={t`Our promise`}>
        <p>
          {t`We remove listings that mislead, and we act on every report. If something looks wrong, report the listing or write to us.`}
        </p>
        <p className="flex flex-wrap gap-3 pt-1">
          <Link to={paths.staySafe} className="btn btn-primary btn-sm">
            {t`How to stay safe`}
          </Link>
          <Link to={paths.contact} className="btn btn-outline btn-sm">
            {t`Contact`}
          </Link>
        </p>
      </Section>
    </SitePage>
  );
}

export function StaySafePage() {
  return (
    <SitePage heading={t`How to stay safe`} lead={t`Most deals go well. These three habits keep yours that way.`}>
      <PageHead
        title={t`How to stay safe — Laptop Haat`}
        description={t`Buying a used laptop safely: meet in a public place, check the laptop before you pay, and never pay in advance.`}
      />
      <Section heading={t`Meet in a public place`}>
        <p>
          {t`Meet in daylight in a busy place: a shopping centre, a café or a computer market. Bring a friend if you can, and tell someone where you are going.`}
        </p>
        <p>{t`Do not go to a seller's home, and do not invite a stranger to yours.`}</p>
      </Section>
      <Section heading={t`Check the laptop before you pay`}>
        <ul className="list-disc ps-5">
          <li>{t`Switch it on and let it run: it should start without errors and stay cool and quiet.`}</li>
          <li>{t`Compare the processor, RAM and storage with the listing (in the system settings).`}</li>
          <li>{t`Try the keyboard, the touchpad, the screen, the speakers, the camera, Wi-Fi and every port.`}</li>
          <li>{t`Check the battery's health and that the charger works.`}</li>
          <li>{t`Ask for the purchase receipt or the box, and make sure the serial number matches.`}</li>
        </ul>
      </Section>
      <Section heading={t`Never pay in advance`}>
        <p>
          {t`Pay only when you hold the laptop and have checked it. Never send a deposit, a "booking fee" or money for delivery by bKash, Nagad or bank transfer before you meet.`}
        </p>
        <p>
          {t`A seller who insists on money first, a price far below others, or a hurry to decide are signs of a scam: stop, and report the listing.`}
        </p>
      </Section>
      <p>
        <Link to={paths.contact} className="link link-primary">
          {t`Something went wrong? Contact us.`}
        </Link>
      </p>
    </SitePage>
  );
}

export function ContactPage() {
  const config = useClientConfig();
  const contact = config.data?.contact;
  return (
    <SitePage
      heading={t`Contact`}
      lead={t`Questions about a listing, a booking or your account? Write or call us; we answer within a day.`}
    >
      <PageHead title={t`Contact — Laptop Haat`} description={t`How to reach Laptop Haat by e-mail or phone.`} />
      {contact ? (
        <Section heading={t`Reach us`}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className="text-base-content/70">{t`E-mail`}</dt>
            <dd className="break-words">
              <a href={`mailto:${contact.email}`} className="link link-primary" translate="no">
                {contact.email}
              </a>
            </dd>
            <dt className="text-base-content/70">{t`Phone`}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="link link-primary" translate="no">
                {contact.phone}
              </a>
            </dd>
          </dl>
        </Section>
      ) : (
        <Spinner />
      )}
      <Section heading={t`Before you write`}>
        <p>
          {t`To report a listing, use "Report this listing" on its page: it reaches our team with the listing attached. For a problem with a deal, tell us the laptop's name and the seller's or buyer's name.`}
        </p>
        <p>
          <Link to={paths.staySafe} className="link link-primary">
            {t`How to stay safe`}
          </Link>
        </p>
      </Section>
    </SitePage>
  );
}
