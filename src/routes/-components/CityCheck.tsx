import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { cityCheckQueryOptions } from '../../features/catalog';
import { useHydrated } from '../../lib/use-hydrated';
import { useOnline } from '../../lib/use-online';
import { CITY_CHECK_TEXT, readCityCheck } from './city-check-input';
import * as styles from './product.css';

/**
 * The product page's 'Type your city' box: asks the server whether its dark stores reach the
 * city, or the locality of a PIN code.
 */
export function CityCheck() {
  const id = useId();
  const [city, setCity] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const online = useOnline();
  // The page is on screen before its code has started: until then the browser would send the form
  // itself and reload the page, losing what was typed.
  const ready = useHydrated();
  const answer = useQuery({ ...cityCheckQueryOptions(asked ?? ''), enabled: asked !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readCityCheck(city);
    setProblem('problem' in read ? read.problem : null);
    setAsked('ask' in read ? read.ask : null);
  };

  let status: { text: string; tone?: 'yes' | 'no' } | null;
  if (problem) status = { text: problem, tone: 'no' };
  else if (asked === null) status = null;
  else if (answer.data) {
    const served = answer.data.coverage === 'centre' || answer.data.coverage === 'parts';
    status = { text: answer.data.message, tone: served ? 'yes' : 'no' };
  } else if (answer.isError) {
    status = { text: 'We could not check that just now. Please try again.', tone: 'no' };
  } else if (answer.fetchStatus === 'paused' || !online) {
    // Retries wait for the connection (offlineFirst) and carry on by themselves when it returns.
    status = { text: `Checking needs a connection. We will check ${asked} when you are back online.` };
  } else status = { text: `Checking ${asked}…` };

  return (
    <form className={styles.cityForm} onSubmit={submit} role="search" aria-label="Check delivery to your city">
      <input
        className={styles.cityInput}
        type="text"
        name="city"
        value={city}
        maxLength={60}
        onChange={(e) => setCity(e.target.value)}
        placeholder="Type your city (e.g Chennai, Pune)"
        aria-label="Your city or PIN code"
        aria-describedby={`${id}-help`}
        aria-invalid={problem !== null}
        autoComplete="off"
        disabled={!ready}
      />
      <Button type="submit" tone="ghost" disabled={!ready}>
        Check
      </Button>
      <p id={`${id}-help`} className={styles.cityHelp}>
        {CITY_CHECK_TEXT.help}
      </p>
      <p
        className={[styles.cityAnswer, status?.tone === 'yes' && styles.cityYes, status?.tone === 'no' && styles.cityNo]
          .filter(Boolean)
          .join(' ')}
        role="status"
      >
        {status?.text}
      </p>
      {answer.isError && asked !== null && !problem && (
        <Button tone="ghost" size="sm" onClick={() => void answer.refetch()}>
          Try again
        </Button>
      )}
    </form>
  );
}
