import { createFileRoute, notFound } from '@tanstack/react-router';

import { Spinner } from '../components/Spinner';
import {
  categoriesQueryOptions,
  productListInfiniteOptions,
  ProductListing,
  resolveListing,
  useCategories,
} from '../features/catalog';
import { ListingNotFound, useListingControls } from './-components/listing-controls';
import { validateListingSearch } from './-components/listing-search';

/** The nine category routes (/munchies, ...) and the Grocery & Kitchen group (/grocery-kitchen). */
export const Route = createFileRoute('/$category')({
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, cause }) => {
    const { data: categories, groups } = await context.queryClient.ensureQueryData(categoriesQueryOptions());
    const listing = resolveListing(params.category, categories, groups);
    if (!listing) throw notFound();
    const products = context.queryClient.ensureInfiniteQueryData(
      productListInfiniteOptions({ ...listing.filtersFor(deps.sub), sort: deps.sort }),
    );
    // A new sort or sidebar entry keeps the listing on screen until the products arrive.
    if (cause === 'stay') void products.catch(() => {});
    else await products;
    return { title: listing.title };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `Buy ${loaderData.title} Online | QuickCart` : 'QuickCart' }],
  }),
  pendingComponent: () => <Spinner label="Loading products" />,
  notFoundComponent: ListingNotFound,
  component: CategoryPage,
});

function CategoryPage() {
  const { category } = Route.useParams();
  const search = Route.useSearch();
  const { data } = useCategories();
  const listing = resolveListing(category, data.data, data.groups);
  const controls = useListingControls(search);
  if (!listing) return <ListingNotFound />;
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
