import { useRef } from 'react';

import { nextMobileInput, type CountryCodeTyping } from './phone';

/**
 * A mobile number field's reading of what was typed: the digits to keep (nextMobileInput), with a
 * country code under way remembered between keys. For the login and the address form alike.
 */
export function useMobileInput(): (value: string, raw: string) => string {
  const typing = useRef<CountryCodeTyping>('');
  return (value, raw) => {
    const next = nextMobileInput({ value, typing: typing.current }, raw);
    typing.current = next.typing;
    return next.value;
  };
}
