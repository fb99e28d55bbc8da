// Deliberately simple: one @, a dot in the domain, no spaces. The mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isValidEmail = (value: string) => value.length <= 254 && EMAIL.test(value.trim());
