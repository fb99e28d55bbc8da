import { createFileRoute } from '@tanstack/react-router';

import { Spinner } from '../components/Spinner';
import {
  categoriesQueryOptions,
  collectionListing,
  productListInfiniteOptions,
  ProductListing,
  useCategories,
} from '../features/catalog';
import { useListingControls } from './-components/listing-controls';
import { validateListingSearch } from './-components/listing-search';

/** Every product, reached from 'See more' on the home page. */
export const Route = createFileRoute('/collection')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const { data: categories } = await context.queryClient.ensureQueryData(categoriesQueryOptions());
    const listing = collectionListing(categories);
    const products = context.queryClient.ensureInfiniteQueryData(
      productListInfiniteOptions({ ...listing.filtersFor(deps.sub), sort: deps.sort }),
    );
    // A new sort or sidebar entry keeps the listing on screen until the products arrive.
    if (cause === 'stay') void products.catch(() => {});
    else await products;
  },
  head: () => ({ meta: [{ title: 'All Products | QuickCart' }] }),
  pendingComponent: () => <Spinner label="Loading products" />,
  component: CollectionPage,
});

function CollectionPage() {
  const search = Route.useSearch();
  const { data } = useCategories();
  const listing = collectionListing(data.data);
  const controls = useListingControls(search);
  return (
    <ProductListing
      listing={listing}
      selected={search.sub}
      onSelect={controls.select}
      filters={{ ...listing.filtersFor(search.sub), sort: search.sort }}
      sortControl={controls.sortControl}
      renderAction={controls.renderAction}
    />
  );
}
