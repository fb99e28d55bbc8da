import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { findProduct, findProductPage, listProducts } from '../../../db/product-queries';
import { CATALOGUE_CACHE } from '../../../web/cache-policy';
import { toProduct } from '../../../domain/catalog';
import { notFound } from '../../../errors';
import { ErrorResponse } from '../../../schemas/common';
import {
  ProductDetailQuery,
  ProductIdParams,
  ProductList,
  ProductListQuery,
  ProductPage,
  ProductSearchQuery,
} from '../../../schemas/product';

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  /**
   * The store whose stock an answer shows: the one asked for if it delivers; null (the national
   * view) without one, or for a store that closed since the client learnt its id.
   */
  const servingStore = async (asked: number | undefined): Promise<number | null> =>
    asked !== undefined && (await app.delivery.stores()).some((store) => store.id === asked) ? asked : null;

  app.get(
    '/api',
    {
      config: { catalogueCache: true },
      schema: {
        operationId: 'getProducts',
        tags: ['product'],
        summary: 'The product list (the storefront home feed)',
        querystring: ProductListQuery,
        response: { 200: ProductList, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const storeId = await servingStore(request.query.store);
      const rows = await listProducts(db, request.query.limit ?? 24, storeId);
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return rows.map((row) => toProduct(row, storeId !== null));
    },
  );

  app.get(
    '/api/product/public',
    {
      config: { catalogueCache: true },
      schema: {
        operationId: 'searchProducts',
        tags: ['product'],
        summary: 'Browse and search products',
        description:
          'Filters combine: a category (top-level slug), a sub-category slug, a text query `q` (typos, ' +
          'Hinglish names and prefixes are understood) and `ids` (for refreshing a cart). Out-of-stock ' +
          'products are listed after in-stock ones whatever the sort. `relevance` (the default) ranks ' +
          'text matches, or keeps the merchandising order when there is no `q`.',
        querystring: ProductSearchQuery,
        response: { 200: ProductPage, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = 24 } = request.query;
      const storeId = await servingStore(request.query.store);
      const result = await findProductPage(db, request.query, storeId, app.catalogueCache.lookups);
      if (!result) throw notFound('Category not found');
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return {
        success: true as const,
        data: result.rows.map((row) => toProduct(row, storeId !== null)),
        total: result.total,
        page,
        pageSize,
        ...(result.correctedTo !== undefined && { correctedQuery: result.correctedTo }),
      };
    },
  );

  app.get(
    '/api/product/public/:id',
    {
      config: { catalogueCache: true },
      schema: {
        operationId: 'getProduct',
        tags: ['product'],
        summary: 'One product by its numeric id',
        params: ProductIdParams,
        querystring: ProductDetailQuery,
        response: { 200: { $ref: 'Product' }, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const storeId = await servingStore(request.query.store);
      const row = await findProduct(db, request.params.id, storeId);
      if (!row) throw notFound('Product not found');
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return toProduct(row, storeId !== null);
    },
  );
};

export default productRoutes;
