import { useCategoryLabel } from '../api/categories';

export function CategoryBadge({ category }: { category: string }) {
  const label = useCategoryLabel();
  return <span className="badge">{label(category)}</span>;
}
