export { productsQueryOptions, useProducts } from './api/get-products';
export { productQueryOptions, useProduct } from './api/get-product';
export { ProductCard } from './components/ProductCard';
export { ProductGrid } from './components/ProductGrid';
