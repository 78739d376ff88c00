import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH, searchHref, useProductSearch } from '../api/search';
import { ProductList } from '../catalog/ProductList';
import { useHydrated } from '../lib/useHydrated';

/**
 * The results page, `/search?q=`: every piece the words find, best first, under a field to search
 * again. The build draws it with no words (its title "Search"); the address's words are read once
 * React has adopted that drawing, and the title then names them.
 */
export function SearchPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const q = hydrated ? (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH) : '';
  const search = useProductSearch(q);
  const navigate = useNavigate();
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (typed.trim()) navigate(searchHref(typed));
  }

  const results = q && !search.isPlaceholderData ? search.data : undefined;
  return (
    <main id="main" className="page container search-page">
      <title>{q ? `Search results for “${q}” — The Dark Circle` : 'Search — The Dark Circle'}</title>
      <h1 className="page__title">Search</h1>
      <form role="search" className="search-page__form" onSubmit={onSubmit} action="/search">
        <label htmlFor="search-page-q" className="visually-hidden">
          Search the shop
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          className="search-page__input"
          placeholder="Search the shop"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {!q ? (
        <p className="muted search-page__hint">Search by name, size, colour, category or SKU.</p>
      ) : search.isError ? (
        <p className="notice notice--error" role="alert">
          Search is not available right now. Please try again later.
        </p>
      ) : (
        <>
          <p className="search-page__count" role="status">
            {results === undefined ? 'Searching…' : results.length === 0 ? `Nothing matches “${q}”.` : `${results.length === 1 ? '1 piece' : `${results.length} pieces`} for “${q}”`}
          </p>
          {results?.length === 0 ? (
            <p>
              <Link to="/#shop">See the whole shop</Link>
            </p>
          ) : (
            <ProductList products={results} label="Search results" />
          )}
        </>
      )}
    </main>
  );
}
