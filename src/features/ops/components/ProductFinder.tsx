import type { Ref } from 'react';

import * as styles from './ops.css';

interface Props {
  value: string;
  /** Called with what was typed; the list goes back to its first page. */
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The console's product search box (catalogue and stock). */
export function ProductFinder({ value, onChange, inputRef }: Props) {
  return (
    <label className={styles.label}>
      Find a product
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Name, brand or id"
      />
    </label>
  );
}
