import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

import type { Product } from '../../../../server/schemas/product';
import { SearchIcon } from '../../../components/Icons';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import { useProductSuggestions } from '../../catalog';
import {
  SEARCH_PLACEHOLDER_INTERVAL_MS,
  SEARCH_PLACEHOLDER_WORDS,
  SUGGESTION_DEBOUNCE_MS,
  SUGGESTION_LIMIT,
  searchPlaceholder,
} from '../constants';
import { pageProducts } from '../search-query';
import { useDebouncedValue } from '../use-debounced-value';
import { useRotatingPlaceholder } from '../use-rotating-placeholder';
import * as styles from './SearchBox.css';
import { Thumbnail } from '../../../components/Thumbnail';

interface Props {
  className?: string;
}

/**
 * The header search: a combobox whose placeholder rotates through the spec's words (paused
 * while focused), with type-ahead product suggestions. Enter opens the highlighted product, or
 * the results page for what was typed.
 */
export function SearchBox({ className }: Props) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  // On /search the box shows the query of the page, also after Back and Forward.
  const urlQuery = useRouterState({
    select: (state) =>
      state.location.pathname === '/search' ? String((state.location.search as { q?: unknown }).q ?? '') : '',
  });
  const [value, setValue] = useState(urlQuery);
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  if (urlQuery !== syncedQuery) {
    setSyncedQuery(urlQuery);
    setValue(urlQuery);
  }

  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const word = useRotatingPlaceholder(SEARCH_PLACEHOLDER_WORDS, SEARCH_PLACEHOLDER_INTERVAL_MS, focused);
  const query = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  const { data, isFetching, isError, isPaused, isPlaceholderData } = useProductSuggestions(query, open);
  // Offline, the query waits for the connection: no answer for these words (what is shown would be
  // the previous words' suggestions), and not an answer that nothing matches.
  const waitingForConnection = isPaused && (data === undefined || isPlaceholderData);
  const suggestions: Product[] = query && !waitingForConnection ? pageProducts(data).slice(0, SUGGESTION_LIMIT) : [];
  const typed = value.trim();
  const showList = open && typed.length > 0 && query.length > 0;
  // The last option is always 'See all results', so a mouse user can reach the results page too.
  const optionCount = showList ? suggestions.length + 1 : 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openResults = (q: string) => {
    if (!q) return;
    close();
    inputRef.current?.blur();
    void navigate({ to: '/search', search: { q } });
  };

  const openProduct = (product: Product) => {
    close();
    inputRef.current?.blur();
    void navigate({ to: '/products/$id', params: { id: product.id } });
  };

  const choose = (index: number) => {
    const product = suggestions[index];
    if (product) openProduct(product);
    else openResults(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (optionCount > 0) setActive((index) => (index + 1) % optionCount);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (optionCount > 0) setActive((index) => (index <= 0 ? optionCount - 1 : index - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (showList && active >= 0) choose(active);
        else openResults(typed);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const status = !showList
    ? ''
    : isError
      ? 'Suggestions are unavailable right now.'
      : waitingForConnection
        ? 'You are offline. Suggestions need a connection.'
        : query !== typed || (isFetching && suggestions.length === 0)
          ? 'Searching…'
          : suggestions.length === 0
            ? `No products match "${typed}".`
            : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available.`;

  return (
    // Before the app has started (a first visit, on a slow phone), the browser sends the form
    // itself: to the results page, with what was typed, as the app would have.
    <form
      role="search"
      action="/search"
      method="get"
      className={[styles.form, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        openResults(typed);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setFocused(false);
          close();
        }
      }}
    >
      <label className={visuallyHidden} htmlFor={`${listId}-input`}>
        Search products
      </label>
      <SearchIcon className={styles.icon} strokeWidth={2.4} />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        className={styles.input}
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        placeholder={searchPlaceholder(word)}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={showList ? styles.popup : styles.hidden}>
        <ul id={listId} role="listbox" aria-label="Product suggestions" className={styles.list}>
          {showList &&
            suggestions.map((product, index) => (
              <li
                key={product.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Keep focus in the box so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openProduct(product)}
                onMouseEnter={() => setActive(index)}
              >
                <Thumbnail className={styles.thumb} src={product.img} size={44} />
                <span className={styles.text}>
                  <span className={styles.name}>{product.name}</span>
                  <span className={styles.pack}>{product.packSize}</span>
                </span>
                <span className={styles.price}>{formatRupees(product.price)}</span>
              </li>
            ))}
          {showList && (
            <li
              id={optionId(suggestions.length)}
              role="option"
              aria-selected={active === suggestions.length}
              className={styles.seeAll}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openResults(typed)}
              onMouseEnter={() => setActive(suggestions.length)}
            >
              See all results for "{typed}"
            </li>
          )}
        </ul>
        {status && !status.endsWith('available.') && <p className={styles.status}>{status}</p>}
      </div>
      <span className={visuallyHidden} role="status" aria-live="polite">
        {status}
      </span>
    </form>
  );
}
