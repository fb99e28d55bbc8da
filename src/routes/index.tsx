import { createFileRoute, Link } from '@tanstack/react-router';

import { Spinner } from '../components/Spinner';
import { addToCartAction } from '../features/cart';
import {
  categoriesQueryOptions,
  CategoryCards,
  GroceryKitchenTile,
  loadProductCarousel,
  ProductCarousel,
  productsQueryOptions,
  PromoGrid,
  useCategories,
  useProducts,
} from '../features/catalog';
import { visuallyHidden } from '../styles/utilities.css';
import * as styles from './-components/home.css';

export const Route = createFileRoute('/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(productsQueryOptions()),
      context.queryClient.ensureQueryData(categoriesQueryOptions()),
      // The product strip's code comes with the data, not after the page's first render.
      loadProductCarousel(),
    ]),
  // The strip's chunk, for a page the server rendered to ask for with its HTML (decision 060).
  staticData: { pageScripts: ['src/features/catalog/components/ProductCarousel.tsx'] },
  pendingComponent: () => <Spinner label="Loading the store" />,
  component: Home,
});

function Home() {
  const { data: products } = useProducts();
  const { data: categories } = useCategories();
  const group = categories.groups[0];
  return (
    <div className={styles.page}>
      <h1 className={visuallyHidden}>QuickCart: groceries and essentials delivered in minutes</h1>
      {group && <GroceryKitchenTile group={group} categories={categories.data} />}
      <CategoryCards categories={categories.data} />
      <PromoGrid categories={categories.data} />
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="home-products" className={styles.heading}>
            What are you looking for?
          </h2>
          <Link to="/collection" className={styles.seeMore}>
            See more<span className={visuallyHidden}> products</span>
          </Link>
        </div>
        <ProductCarousel products={products} label="What are you looking for?" renderAction={addToCartAction} />
      </section>
    </div>
  );
}
