const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** ₹1,23,456.00: rupees with the Indian digit grouping and two decimals. */
export const formatRupees = (rupees: number): string => inr.format(rupees);
