import type { Category } from '../../../../shared/catalog.ts';
import { Icon, type IconName } from '../../../components/icon.tsx';

const icons: Record<Category, IconName> = { casual: 'laptop', gaming: 'gamepad', premium: 'gem' };

export function CategoryIcon({ category }: { category: Category }) {
  return (
    <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-2xl text-primary" aria-hidden="true">
      <Icon name={icons[category]} />
    </span>
  );
}
