import type { Category } from '../api/schema';
import { ALL, SOLD_OUT, type ShopFilter } from '../lib/product-filter';

interface Props {
  categories: readonly Category[];
  value: ShopFilter;
  onChange: (filter: ShopFilter) => void;
}

export function CategoryFilter({ categories, value, onChange }: Props) {
  const options = [
    { value: ALL, label: 'All' },
    ...categories.map((c) => ({ value: c.slug, label: c.label })),
    { value: SOLD_OUT, label: 'Sold Out' },
  ];
  return (
    <div className="filter" role="group" aria-label="Filter products">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="filter__button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
