import { t } from '@lingui/core/macro';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useServices } from '../api/use-services.ts';
import { ServiceIcon } from './service-icon.tsx';

export function ServicesSection() {
  const { data: services, isPending, isError } = useServices();
  return (
    <section aria-labelledby="services-heading" className="py-14">
      <SectionHeading id="services-heading" title={t`Our Services`}>
        {t`Buying a used laptop should feel safe. Here is how we help.`}
      </SectionHeading>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError what={t`our services`} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service._id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-center gap-3 text-center">
                <ServiceIcon name={service.icon} />
                <h3 className="card-title text-lg">{service.service_name}</h3>
                <p className="text-sm leading-relaxed text-base-content/75">{service.service_desc}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
