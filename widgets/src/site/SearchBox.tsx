import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH, searchHref, useProductSearch } from '../api/search';
import { assetUrl } from '../api/config';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { priceLabel } from '../lib/variants';

/** How many results the header shows as the shopper types; the results page has them all. */
const SHOWN = 6;

/**
 * The header's search: a field (behind a button on a phone, which opens it under the header) whose
 * results show as the shopper types, each a link to its product; Enter, or "See all", goes to the
 * results page. Arrow Down moves from the field into the results; Escape closes them (and the
 * phone's panel, the focus back on its button); so does a press outside or any navigation.
 */
export function SearchBox() {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const words = useDebouncedValue(q, 200).trim();
  const search = useProductSearch(words);
  const location = useLocation();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => {
    setOpen(false);
    setShowResults(false);
  }, [location.key]);

  useEffect(() => {
    if (!open && !showResults) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) {
        setOpen(false);
        setShowResults(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, showResults]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  function close() {
    setShowResults(false);
    if (open) {
      setOpen(false);
      toggle.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      if (showResults && words) setShowResults(false);
      else close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    if (!links.length) return;
    e.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'ArrowDown' ? at + 1 : at - 1;
    if (next < 0) input.current?.focus();
    else links[Math.min(next, links.length - 1)].focus();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!q.trim()) return;
    navigate(searchHref(q));
  }

  const results = words && search.data ? search.data : undefined;
  const listed = showResults && words.length > 0;

  return (
    <div ref={root} className={`site-search${open ? ' site-search--open' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="icon-button site-search__toggle"
        aria-label="Search"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <SearchIcon />
      </button>
      <div id={`${ids}-panel`} className="site-search__panel">
        <form role="search" className="site-search__form" onSubmit={onSubmit} action="/search">
          <label htmlFor={`${ids}-q`} className="visually-hidden">
            Search the shop
          </label>
          <SearchIcon className="site-search__icon" />
          <input
            ref={input}
            id={`${ids}-q`}
            name="q"
            type="search"
            className="site-search__input"
            placeholder="Search the shop"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={q}
            aria-controls={`${ids}-results`}
            aria-expanded={listed}
            onChange={(e) => {
              setQ(e.target.value);
              setShowResults(true);
            }}
            onFocus={() => setShowResults(true)}
          />
        </form>
        {listed && (
          <div ref={list} className="site-search__results" id={`${ids}-results`}>
            <p className="site-search__status" role="status">
              {results === undefined
                ? search.isError
                  ? 'Search is not available right now.'
                  : 'Searching…'
                : results.length === 0
                  ? `Nothing matches “${words}”.`
                  : `${results.length === 1 ? '1 piece' : `${results.length} pieces`} for “${words}”`}
            </p>
            {results && results.length > 0 && (
              <>
                <ul className="site-search__list" aria-label="Search results">
                  {results.slice(0, SHOWN).map((product) => (
                    <li key={product.id}>
                      <Link to={`/product/${product.id}`} className="site-search__result">
                        {product.imageUrl ? <img src={assetUrl(product.imageUrl)} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="site-search__blank" />}
                        <span className="site-search__name">{product.name}</span>
                        <span className="site-search__price">{product.inStock ? priceLabel(product) : 'Sold out'}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to={searchHref(words)} className="site-search__all">
                  See all results
                </Link>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M15.5 15.5 20.5 20.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
