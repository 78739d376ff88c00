import { formatPrice } from '../lib/money';

interface Props {
  /** What it sells for ('$32.00', 'from $32.00'). */
  label: string;
  /** During an automatic sale: the price as set, shown struck through ("was $40.00, now $32.00"). */
  compareAtPrice?: string;
  className?: string;
  as?: 'span' | 'p';
}

/** A price, or during a sale the price as set struck through beside what it sells for now; read aloud as "was …, now …". */
export function PriceTag({ label, compareAtPrice, className = 'price', as: Tag = 'span' }: Props) {
  if (!compareAtPrice) return <Tag className={className}>{label}</Tag>;
  return (
    <Tag className={`${className} price--sale`} data-testid="sale-price">
      <del className="price__was">
        <span className="visually-hidden">was </span>
        {formatPrice(compareAtPrice)}
      </del>
      <ins className="price__now">
        <span className="visually-hidden">, now </span>
        {label}
      </ins>
    </Tag>
  );
}
