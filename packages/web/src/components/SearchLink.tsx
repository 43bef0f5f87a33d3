import { Link } from 'react-router';

/** A search box look-alike that opens the search screen (home, explore). */
export function SearchLink() {
  return (
    <Link to="/Search" className="search-link">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>搜索文章</span>
    </Link>
  );
}
