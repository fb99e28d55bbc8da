import { Popover } from '../../../components/Popover';
import { SORT_OPTIONS, type SortChoice, type SortOption } from '../sort-options';
import * as styles from './SortMenu.css';

interface Props {
  value: SortOption;
  onChange: (value: SortOption) => void;
  options?: readonly SortChoice[];
  className?: string;
}

const sortLabel = (value: SortOption) => SORT_OPTIONS.find((option) => option.value === value)?.label ?? 'Relevance';

/** The sort dropdown of search results and category listings; picking an option closes it. */
export function SortMenu({ value, onChange, options = SORT_OPTIONS, className }: Props) {
  return (
    <Popover
      kind="menu"
      align="end"
      className={className}
      triggerClassName={styles.trigger}
      triggerLabel={`Sort by: ${sortLabel(value)}`}
      label={
        <span>
          <span className={styles.prefix}>Sort by: </span>
          <span className={styles.value}>{sortLabel(value)}</span>
        </span>
      }
    >
      {({ close }) => (
        <ul className={styles.menu} role="menu" aria-label="Sort by">
          {options.map((option) => {
            const checked = option.value === value;
            return (
              <li key={option.value} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={checked}
                  className={styles.item}
                  data-autofocus={checked ? '' : undefined}
                  onClick={() => {
                    close(true);
                    if (!checked) onChange(option.value);
                  }}
                >
                  {option.label}
                  {checked && (
                    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden focusable="false">
                      <path
                        d="M2 7.5l3 3 7-7"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                      />
                    </svg>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Popover>
  );
}
