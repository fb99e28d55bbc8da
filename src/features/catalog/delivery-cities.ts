/**
 * Cities with our dark stores, for the product page's "deliver to" check. The delivery-area
 * issue replaces this with the server's serviceability answer.
 */
export const DELIVERY_CITIES = ['Mumbai', 'Pune', 'Bangalore', 'Bengaluru', 'Delhi', 'New Delhi', 'Noida'] as const;

export function deliversTo(city: string): boolean {
  const wanted = city.trim().toLowerCase();
  return wanted.length > 0 && DELIVERY_CITIES.some((c) => c.toLowerCase() === wanted);
}
