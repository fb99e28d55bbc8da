import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '../../../components/Button';
import { createProduct, editProduct, listCategories, OpsError, type OpsProduct } from '../api';
import * as styles from './ops.css';

interface Props {
  /** The product to edit; null to add one. */
  product: OpsProduct | null;
  readOnly?: boolean;
  onSaved: (product: OpsProduct) => void;
  /**
   * Whose stock the form's count is (decision 034): a picker's or manager's own store, or for an
   * admin every store (a new product starts with it at each; an edit changes stock per store, in
   * the Stock section).
   */
  stockScope?: 'store' | 'all';
}

interface Values {
  name: string;
  brand: string;
  packSize: string;
  description: string;
  price: string;
  mrp: string;
  subcategoryId: string;
  sold: boolean;
  stock: string;
}

const valuesOf = (p: OpsProduct | null): Values => ({
  name: p?.name ?? '',
  brand: p?.brand ?? '',
  packSize: p?.packSize ?? '',
  description: p?.description ?? '',
  price: p ? String(p.price) : '',
  mrp: p ? String(p.mrp) : '',
  subcategoryId: p ? String(p.subcategoryId) : '',
  sold: p?.sold ?? true,
  stock: p ? String(p.stock) : '0',
});

const RUPEES = /^\d{1,6}(\.\d{1,2})?$/;

/** Field messages for what the server would refuse, so most mistakes never leave the page. */
function validate(v: Values, creating: boolean): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (v.name.trim().length < 2) errors.name = 'Give the product a name (at least 2 characters).';
  else if (v.name.trim().length > 120) errors.name = 'Keep the name to 120 characters.';
  if (creating && !v.brand.trim()) errors.brand = 'Give the brand.';
  if (creating && !v.packSize.trim()) errors.packSize = "Give the pack size, e.g. '500 g'.";
  if (v.description.length > 2000) errors.description = 'Keep the description to 2000 characters.';
  const price = Number(v.price);
  const mrp = Number(v.mrp);
  if (!RUPEES.test(v.price.trim()) || price <= 0) errors.price = 'Enter the price in rupees, e.g. 49 or 49.50.';
  if (!RUPEES.test(v.mrp.trim()) || mrp <= 0) errors.mrp = 'Enter the MRP in rupees, e.g. 55.';
  if (!errors.price && !errors.mrp && price > mrp) errors.price = 'The price cannot be more than the MRP.';
  if (!v.subcategoryId) errors.subcategoryId = 'Choose a category.';
  if (v.sold && !/^\d{1,6}$/.test(v.stock.trim())) errors.stock = 'Enter how many are in stock (0 or more).';
  return errors;
}

/** Edits a product (only what changed is sent, with the version it was read at) or adds one. */
export function ProductForm({ product, readOnly = false, onSaved, stockScope = 'store' }: Props) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [current, setCurrent] = useState<OpsProduct | null>(null);
  const [saving, setSaving] = useState(false);
  const categories = useQuery({ queryKey: ['ops', 'categories'], queryFn: listCategories, staleTime: 300_000 });
  const creating = product === null;

  const set = (key: keyof Values) => (value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, creating);
    setErrors(found);
    setFailure(null);
    const firstBad = Object.keys(found)[0];
    if (firstBad) {
      document.getElementById(`${id}-${firstBad}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const stock = values.sold ? Number(values.stock) : 0;
      if (creating) {
        onSaved(
          await createProduct({
            name: values.name.trim(),
            brand: values.brand.trim(),
            packSize: values.packSize.trim(),
            description: values.description.trim(),
            price: Number(values.price),
            mrp: Number(values.mrp),
            subcategoryId: Number(values.subcategoryId),
            sold: values.sold,
            stock,
          }),
        );
      } else {
        const base = current ?? product;
        const before = valuesOf(base);
        const edit = {
          version: base.version,
          ...(values.name.trim() !== before.name && { name: values.name.trim() }),
          ...(values.description.trim() !== before.description && { description: values.description.trim() }),
          ...(Number(values.price) !== base.price && { price: Number(values.price) }),
          ...(Number(values.mrp) !== base.mrp && { mrp: Number(values.mrp) }),
          ...(Number(values.subcategoryId) !== base.subcategoryId && { subcategoryId: Number(values.subcategoryId) }),
          ...(values.sold !== base.sold && { sold: values.sold }),
          ...(values.sold && stock !== base.stock && { stock }),
        };
        onSaved(await editProduct(base.id, edit));
      }
    } catch (error) {
      const problem = error instanceof OpsError ? error : new OpsError(String(error), 0, 'UNKNOWN');
      if (problem.code === 'STALE_VERSION' && problem.data) {
        setCurrent(problem.data as OpsProduct);
        setFailure(
          'Someone else saved this product while you were editing. The current values are shown below your changes: check them, then save again to overwrite.',
        );
      } else {
        setFailure(problem.message);
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof Values, label: string, input: React.ReactNode, hint?: string) => (
    <label className={styles.label} htmlFor={`${id}-${key}`}>
      {label}
      {hint && <span className={styles.hint}>{hint}</span>}
      {input}
      {errors[key] && (
        <span id={`${id}-${key}-error`} className={styles.fieldError}>
          {errors[key]}
        </span>
      )}
    </label>
  );
  const inputProps = (key: keyof Values) => ({
    id: `${id}-${key}`,
    className: styles.input,
    value: values[key] as string,
    disabled: readOnly,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key)(e.target.value),
  });

  const groups = new Map<string, { id: number; name: string }[]>();
  for (const c of categories.data ?? []) groups.set(c.parentName, [...(groups.get(c.parentName) ?? []), c]);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={creating ? 'New product' : 'Edit product'}>
      <div className={styles.panel}>
        {field('name', 'Name', <input {...inputProps('name')} maxLength={120} />)}
        {creating && (
          <div className={styles.row}>
            {field('brand', 'Brand', <input {...inputProps('brand')} maxLength={80} />)}
            {field('packSize', 'Pack size', <input {...inputProps('packSize')} maxLength={40} />)}
          </div>
        )}
        <div className={styles.row}>
          {field('price', 'Price (₹)', <input {...inputProps('price')} inputMode="decimal" />)}
          {field('mrp', 'MRP (₹)', <input {...inputProps('mrp')} inputMode="decimal" />)}
        </div>
        {field(
          'subcategoryId',
          'Category',
          <select {...inputProps('subcategoryId')}>
            <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
            {[...groups].map(([parent, subs]) => (
              <optgroup key={parent} label={parent}>
                {subs.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>,
          categories.isError ? 'Categories could not be loaded: reload the page to try again.' : undefined,
        )}
        <fieldset className={styles.radios} disabled={readOnly}>
          <legend className={styles.label}>Availability</legend>
          <label className={styles.radio}>
            <input type="radio" name={`${id}-sold`} checked={values.sold} onChange={() => set('sold')(true)} />
            Sold
          </label>
          <label className={styles.radio}>
            <input type="radio" name={`${id}-sold`} checked={!values.sold} onChange={() => set('sold')(false)} />
            Not sold
          </label>
        </fieldset>
        {values.sold &&
          (stockScope === 'all' && !creating ? (
            <p className={styles.meta}>
              {product?.stock ?? 0} in stock across all stores. Change a store’s count in Stock.
            </p>
          ) : (
            field(
              'stock',
              stockScope === 'all' ? 'In stock at every store' : 'In stock at your store',
              <input {...inputProps('stock')} inputMode="numeric" />,
              '0 shows it as out of stock',
            )
          ))}
        {field('description', 'Description', <textarea {...inputProps('description')} rows={4} maxLength={2000} />)}
        {current && (
          <div className={styles.warning}>
            Current values: {current.name}, ₹{current.price} (MRP ₹{current.mrp}),{' '}
            {current.sold ? `${current.stock} in stock` : 'not sold'}.
          </div>
        )}
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        {!readOnly && (
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : creating ? 'Add product' : 'Save changes'}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
