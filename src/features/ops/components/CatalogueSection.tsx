import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';

import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import { title } from '../../../styles/primitives.css';
import { listProducts, type OpsProduct, type StaffMe } from '../api';
import * as styles from './ops.css';
import { Pager } from './Pager';
import { ProductFinder } from './ProductFinder';
import { PhotoUpload } from './PhotoUpload';
import { ProductForm } from './ProductForm';

type Selection = { kind: 'edit'; id: number } | { kind: 'new' } | null;

/** The catalogue: search, a page of products, and the chosen product's form and photo. */
export function CatalogueSection({ staff }: { staff: StaffMe }) {
  const [q, setQ] = useState('');
  const deferredQ = useDeferredValue(q.trim());
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<Selection>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const products = useQuery({
    queryKey: ['ops', 'products', deferredQ, page],
    queryFn: () => listProducts(deferredQ, page),
    placeholderData: keepPreviousData,
  });
  const formHeading = useRef<HTMLHeadingElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // What opened the editor (a product's Edit button, "Add a product"): focus goes back there.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (selection) formHeading.current?.focus();
  }, [selection]);
  const open = (next: NonNullable<Selection>) => {
    if (selection === null && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setSelection(next);
  };
  const close = () => {
    setSelection(null);
    setSaved(null);
    const back = opener.current;
    opener.current = null;
    (back?.isConnected ? back : search.current)?.focus();
  };

  const pages = products.data ? Math.max(1, Math.ceil(products.data.total / products.data.pageSize)) : 1;
  const chosen = selection?.kind === 'edit' ? products.data?.data.find((p) => p.id === selection.id) : undefined;
  const canEdit = staff.may.editCatalogue;

  const onSaved = (product: OpsProduct, message: string) => {
    setSaved(message);
    setSelection({ kind: 'edit', id: product.id });
    void products.refetch();
  };

  return (
    <div className={styles.split}>
      <section className={styles.panel} aria-labelledby="catalogue-title">
        <div className={styles.header}>
          <h2 id="catalogue-title" className={title.lg}>
            Catalogue
          </h2>
          {canEdit && (
            <Button tone="outline" onClick={() => open({ kind: 'new' })}>
              Add a product
            </Button>
          )}
        </div>
        <ProductFinder
          value={q}
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
          inputRef={search}
        />
        {products.isPending ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <div className={styles.error} role="alert">
            {products.error.message}{' '}
            <Button tone="outline" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </div>
        ) : products.data.data.length === 0 ? (
          <p className={styles.meta}>No product matches “{deferredQ}”. Try part of the name or the brand.</p>
        ) : (
          <>
            <p className={styles.meta} aria-live="polite">
              {products.data.total} products{deferredQ && ` matching “${deferredQ}”`}
            </p>
            <ul className={styles.list} aria-label="Products">
              {products.data.data.map((p) => (
                <li key={p.id} className={`${styles.item} ${chosen?.id === p.id ? styles.selected : ''}`}>
                  <img className={styles.thumb} src={p.img} alt="" width={48} height={48} loading="lazy" />
                  <div>
                    <div className={styles.name}>{p.name}</div>
                    <div className={styles.meta}>
                      {formatRupees(p.price)} · MRP {formatRupees(p.mrp)} ·{' '}
                      {p.sold ? `${p.stock} in stock` : 'Not sold'} · #{p.id}
                    </div>
                  </div>
                  <Button
                    tone="outline"

                    aria-label={`${canEdit ? 'Edit' : 'View'} ${p.name}`}
                    onClick={() => {
                      setSaved(null);
                      open({ kind: 'edit', id: p.id });
                    }}
                  >
                    {canEdit ? 'Edit' : 'View'}
                  </Button>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="product-form-title">
        <div className={styles.header}>
          <h2 id="product-form-title" ref={formHeading} tabIndex={-1} className={title.lg}>
            {selection?.kind === 'new' ? 'New product' : chosen ? chosen.name : 'Product'}
          </h2>
          {selection !== null && (
            <Button tone="outline" onClick={close}>
              Back to products
            </Button>
          )}
        </div>
        {saved && (
          <p className={styles.success} role="status">
            {saved}
          </p>
        )}
        {selection === null ? (
          <p className={styles.meta}>Choose a product to {canEdit ? 'edit it' : 'see it'}.</p>
        ) : selection.kind === 'new' ? (
          <ProductForm
            key="new"
            product={null}
            stockScope={staff.storeId === null ? 'all' : 'store'}
            onSaved={(p) => onSaved(p, `${p.name} was added.`)}
          />
        ) : chosen ? (
          <>
            <ProductForm
              key={`${chosen.id}:${chosen.version}`}
              product={chosen}
              readOnly={!canEdit}
              stockScope={staff.storeId === null ? 'all' : 'store'}
              onSaved={(p) => onSaved(p, `Saved. ${p.name} now sells at ${formatRupees(p.price)}.`)}
            />
            {canEdit && (
              <PhotoUpload
                key={`photo:${chosen.id}`}
                product={chosen}
                onUploaded={(p) => onSaved(p, 'Photo uploaded. The storefront shows it now.')}
              />
            )}
          </>
        ) : (
          <p className={styles.meta}>This product is not on this page any more. Search for it again.</p>
        )}
      </section>
    </div>
  );
}
