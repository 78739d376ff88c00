export function SkeletonCard() {
  return (
    <div data-testid="skeleton-card" className="card card--skeleton" aria-hidden="true">
      <div className="product-image skeleton" />
      <div className="card__body">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--price" />
      </div>
    </div>
  );
}
