import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { useState } from 'react';

import { Button } from '../components/Button';
import { MessageScreen } from '../components/MessageScreen';
import { QuantityStepper } from '../components/QuantityStepper';
import { Spinner } from '../components/Spinner';
import { StalePriceNote } from '../components/StalePriceNote';
import { addToCartAction, MAX_ITEM_QUANTITY, maxQuantityNote, useAddToCart } from '../features/cart';
import { productQueryOptions, ProductCarousel, productSearchQueryOptions, useProduct } from '../features/catalog';
import { usePopup } from '../features/popups';
import { formatRupees } from '../lib/money';
import { useNearViewport } from '../lib/use-near-viewport';
import { CityCheck } from './-components/CityCheck';
import * as styles from './-components/product.css';
import { artImage, PRODUCT_PAGE_IMAGE_SIZES } from '../lib/art-image';

export const Route = createFileRoute('/products/$id')({
  params: {
    parse: ({ id }) => ({ id: /^\d{1,9}$/.test(id) ? Number(id) : -1 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: async ({ context, params }) => {
    if (params.id < 1) throw notFound();
    try {
      const product = await context.queryClient.ensureQueryData(productQueryOptions(params.id));
      return { name: product.name };
    } catch (error) {
      if ((error as { response?: Response }).response?.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: loaderData ? `${loaderData.name} | QuickCart` : 'QuickCart' }] }),
  pendingComponent: () => <Spinner label="Loading product" />,
  notFoundComponent: ProductNotFound,
  component: ProductPage,
});

/** Spec: the product page's fixed labels, kept word for word. */
const AVAILABLE_IN = 'Available in: 1 kg, 2 kg, 5 kg';
const PACK_OPTIONS = ['4 pcs', '6 pcs', '1 kg'] as const;
const REVIEWS = '(245 Reviews)';

function ProductNotFound() {
  return (
    <MessageScreen title="Product not found" actions={<Link to="/">Continue shopping</Link>}>
      This product is not in our catalogue. It may have been removed.
    </MessageScreen>
  );
}

function ProductPage() {
  const { id } = Route.useParams();
  const { data: product } = useProduct(id);
  const [quantity, setQuantity] = useState(1);
  const [pack, setPack] = useState<string>(PACK_OPTIONS[0]);
  const addToCart = useAddToCart();
  const cart = usePopup('cart');

  // The suggestions' strip is drawn as it nears the screen, not with the page: on a phone it is
  // far below the fold, and drawing its cards and slider with the page held the main thread
  // (issue 20). Its answer is asked for at once, so it is usually here by then.
  const [relatedSection, nearRelated] = useNearViewport<HTMLElement>('400px');
  const related = useQuery({
    ...productSearchQueryOptions({ category: product.category, subcategory: product.subcategory, pageSize: 13 }),
    select: (page) => page.data.filter((p) => p.id !== product.id).slice(0, 12),
  });

  const addAndOpenCart = async () => {
    await addToCart(product, quantity);
    await cart.open();
  };

  return (
    <>
      <article className={styles.layout} aria-labelledby="product-name">
        <div className={styles.imageBox}>
          {/* An uploaded photo comes as AVIF and WebP at four widths; the illustration as WebP at three. */}
          <picture>
            {product.photo && <source type="image/avif" srcSet={product.photo.avif} sizes={PRODUCT_PAGE_IMAGE_SIZES} />}
            <img
              className={styles.image}
              {...(product.photo
                ? { src: product.img, srcSet: product.photo.webp, sizes: PRODUCT_PAGE_IMAGE_SIZES }
                : artImage(product.img, PRODUCT_PAGE_IMAGE_SIZES, 640))}
              alt={product.name}
              width={480}
              height={480}
              fetchPriority="high"
            />
          </picture>
        </div>
        <div className={styles.details}>
          <span className={styles.brand}>{product.brand}</span>
          <h1 id="product-name" className={styles.name}>
            {product.name}
          </h1>
          <p className={styles.rating}>
            <span className={styles.stars} aria-hidden>
              ★★★★☆
            </span>
            <span>{REVIEWS}</span>
          </p>
          <div>
            <span className={styles.muted}>Product MRP</span>
            <p className={styles.priceRow}>
              <span className={styles.price}>{formatRupees(product.price)}</span>
              {product.mrp > product.price && (
                <span className={styles.mrp} aria-label={`MRP ${formatRupees(product.mrp)}`}>
                  {formatRupees(product.mrp)}
                </span>
              )}
              {product.discount > 0 && <span className={styles.badge}>{product.discount}% OFF</span>}
            </p>
            <span className={styles.muted}>(Inclusive of all taxes)</span>
            <StalePriceNote />
          </div>
          <dl className={styles.facts}>
            <dt className={styles.factTerm}>Pack size</dt>
            <dd className={styles.factValue}>{product.packSize}</dd>
            <dt className={styles.factTerm}>Delivery</dt>
            <dd className={styles.factValue}>Free</dd>
            <dt className={styles.factTerm}>Stock</dt>
            <dd className={styles.factValue}>
              {product.inStock ? (
                (product.stockNote ?? 'In stock')
              ) : (
                <span className={styles.soldOut}>{product.stockNote}</span>
              )}
            </dd>
          </dl>
          <p className={styles.muted}>{AVAILABLE_IN}</p>
          <fieldset className={styles.packs}>
            <legend className={styles.packLegend}>Pack options</legend>
            {PACK_OPTIONS.map((option) => (
              <button
                key={option}
                type="button"
                className={styles.pack}
                aria-pressed={pack === option}
                onClick={() => setPack(option)}
              >
                {option}
              </button>
            ))}
          </fieldset>
          <CityCheck />
          <div className={styles.actions}>
            <QuantityStepper
              quantity={quantity}
              min={1}
              max={MAX_ITEM_QUANTITY}
              maxNote={maxQuantityNote}
              size="md"
              label="Quantity"
              onIncrement={() => setQuantity((q) => Math.min(MAX_ITEM_QUANTITY, q + 1))}
              onDecrement={() => setQuantity((q) => Math.max(1, q - 1))}
            />
            <Button
              tone="outline"
              className={styles.actionButton}
              disabled={!product.inStock}
              onClick={() => void addAndOpenCart()}
            >
              ADD TO CART
            </Button>
            <Button className={styles.actionButton} disabled={!product.inStock} onClick={() => void addAndOpenCart()}>
              BUY NOW
            </Button>
          </div>
          <section aria-labelledby="product-description">
            <h2 id="product-description" className={styles.packLegend}>
              Description
            </h2>
            <p className={styles.description}>{product.description}</p>
          </section>
        </div>
      </article>
      <section ref={relatedSection} aria-labelledby="related-products">
        <h2 id="related-products" className={styles.sectionTitle}>
          Maybe You Like this.
        </h2>
        {related.data && nearRelated ? (
          <ProductCarousel products={related.data} label="Maybe You Like this." renderAction={addToCartAction} />
        ) : related.isError ? (
          <p className={styles.muted}>Suggestions could not be loaded.</p>
        ) : (
          <Spinner label="Loading suggestions" />
        )}
      </section>
    </>
  );
}
