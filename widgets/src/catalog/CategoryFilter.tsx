import { useEffect, useRef } from 'react';
import type { Category } from '@dark-circle/api-client';
import { ALL, SOLD_OUT, type ShopFilter } from '../lib/product-filter';

interface Props {
  categories: readonly Category[];
  value: ShopFilter;
  onChange: (filter: ShopFilter) => void;
}

export function CategoryFilter({ categories, value, onChange }: Props) {
  const options = [{ value: ALL, label: 'All' }, ...categories.map((c) => ({ value: c.slug, label: c.label })), { value: SOLD_OUT, label: 'Sold Out' }];
  // On a phone the chips are one sideways-scrolling row: the chosen one (from the address, say) is
  // brought into it. Only the row scrolls, never the page. All is the first chip, always in view:
  // the home page's first render reads no layout.
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (value === ALL) return;
    const chosen = row.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row.current || !chosen) return;
    const { scrollLeft, clientWidth } = row.current;
    if (chosen.offsetLeft < scrollLeft || chosen.offsetLeft + chosen.offsetWidth > scrollLeft + clientWidth) {
      row.current.scrollLeft = chosen.offsetLeft - (clientWidth - chosen.offsetWidth) / 2;
    }
  }, [value, categories.length]);
  return (
    <div className="filter" role="group" aria-label="Filter products" ref={row}>
      {options.map((option) => (
        <button key={option.value} type="button" className="filter__button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
