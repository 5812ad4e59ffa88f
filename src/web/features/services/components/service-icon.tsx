import type { ServiceIcon as ServiceIconName } from '../../../../shared/catalog.ts';
import { Icon, type IconName } from '../../../components/icon.tsx';

const icons: Record<ServiceIconName, IconName> = {
  RiTeamFill: 'team',
  BiSupport: 'support',
  BsPatchCheckFill: 'patch-check',
  FaTruckMoving: 'truck-moving',
};

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  // An unknown name from a newer server must not crash the page; the card reads fine without it.
  const icon = icons[name] as IconName | undefined;
  if (!icon) return null;
  return (
    <span
      className="grid size-14 place-items-center rounded-full bg-primary text-2xl text-primary-content"
      aria-hidden="true"
    >
      <Icon name={icon} />
    </span>
  );
}
