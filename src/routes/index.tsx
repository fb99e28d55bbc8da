import { createFileRoute } from '@tanstack/react-router';

import { Spinner } from '../components/Spinner';
import { productsQueryOptions, ProductGrid, useProducts } from '../features/catalog';
import * as styles from './-components/home.css';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(productsQueryOptions()),
  pendingComponent: () => <Spinner label="Loading products" />,
  component: Home,
});

function Home() {
  const { data: products } = useProducts();
  return (
    <section aria-labelledby="home-products">
      <h1 id="home-products" className={styles.heading}>
        What are you looking for?
      </h1>
      <ProductGrid products={products} />
    </section>
  );
}
