export { productsQueryOptions, useProducts } from './api/get-products';
export { productQueryOptions, useProduct } from './api/get-product';
export { categoriesQueryOptions, useCategories } from './api/get-categories';
export {
  productListInfiniteOptions,
  productSearchQueryOptions,
  searchProducts,
  useProductSearch,
  useProductSuggestions,
  type ProductFilters,
} from './api/search-products';
export { useProductList } from './api/use-product-list';
export { collectionListing, resolveListing, type Listing } from './listing';
export { cityCheckQueryOptions } from './api/get-city-check';
export { CategoryCards, GroceryKitchenTile, PromoGrid } from './components/HomeCategories';
export { ProductCard } from './components/ProductCard';
export { loadProductCarousel, ProductCarousel } from './components/LazyProductCarousel';
export { ProductGrid } from './components/ProductGrid';
export { ProductListing } from './components/ProductListing';
