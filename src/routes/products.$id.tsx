import { createFileRoute, Link, notFound } from '@tanstack/react-router';

import { MessageScreen } from '../components/MessageScreen';
import { Spinner } from '../components/Spinner';
import { productQueryOptions, useProduct } from '../features/catalog';
import { formatRupees } from '../lib/money';
import * as styles from './-components/product.css';

export const Route = createFileRoute('/products/$id')({
  params: {
    parse: ({ id }) => ({ id: /^\d{1,9}$/.test(id) ? Number(id) : -1 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: async ({ context, params }) => {
    if (params.id < 1) throw notFound();
    try {
      return await context.queryClient.ensureQueryData(productQueryOptions(params.id));
    } catch (error) {
      if ((error as { response?: Response }).response?.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: () => <Spinner label="Loading product" />,
  notFoundComponent: ProductNotFound,
  component: ProductPage,
});

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
  return (
    <article className={styles.layout}>
      <img className={styles.image} src={product.img} alt={product.name} width={400} height={400} />
      <div className={styles.details}>
        <h1 className={styles.name}>{product.name}</h1>
        <p className={styles.muted}>
          {product.brand} · {product.packSize}
        </p>
        <p className={styles.price}>
          <span className={styles.muted}>Product MRP</span> {formatRupees(product.price)}
          {product.discount > 0 && <span className={styles.badge}>{product.discount}% OFF</span>}
        </p>
        <p>{product.description}</p>
      </div>
    </article>
  );
}
