/**
 * ₹1,23,456.00: rupees with the Indian digit grouping and two decimals, the text
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` gives, written out by hand.
 * Building that formatter loads the browser's locale data: 60–90 ms of one long task at 4x CPU,
 * on every page's first load, before anything is interactive (decision 049).
 */
export function formatRupees(rupees: number): string {
  // As Intl writes them; a price never is one, but a broken one shows rather than throws.
  if (!Number.isFinite(rupees)) return `${rupees < 0 ? '-' : ''}₹${Number.isNaN(rupees) ? 'NaN' : '∞'}`;
  const paise = paiseOf(Math.abs(rupees));
  const whole = paise.length > 2 ? paise.slice(0, -2) : '0';
  // The last three digits, then pairs: 12,34,567.
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  // Intl keeps the sign of an amount that rounds to nothing, and of -0.
  const sign = rupees < 0 || Object.is(rupees, -0) ? '-' : '';
  return `${sign}₹${grouped}.${paise.slice(-2).padStart(2, '0')}`;
}

/**
 * The amount in paise as digits, rounded as Intl rounds: half away from zero, on the number's
 * shortest decimal form (0.015 is ₹0.02, although the double is a little under 0.015).
 */
function paiseOf(amount: number): string {
  const decimal = String(amount);
  // Exponent forms: below a millionth of a rupee, or beyond 10^21 (never a price).
  if (decimal.includes('e')) return amount < 1 ? '0' : `${BigInt(amount)}00`;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const digits = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  return String(fraction.charAt(2) >= '5' ? digits + 1n : digits);
}
