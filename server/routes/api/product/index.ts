import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, desc, eq } from 'drizzle-orm';

import { categories, products } from '../../../db/schema';
import { toProduct } from '../../../domain/catalog';
import { notFound } from '../../../errors';
import { ErrorResponse } from '../../../schemas/common';
import { ProductIdParams, ProductList, ProductListQuery } from '../../../schemas/product';

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  categorySlug: categories.slug,
  packSize: products.packSize,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  stock: products.stock,
  image: products.image,
  description: products.description,
};

const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=600';

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;

  app.get(
    '/api',
    {
      schema: {
        tags: ['product'],
        summary: 'The product list (the storefront home feed)',
        querystring: ProductListQuery,
        response: { 200: ProductList, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? 24;
      const rows = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .orderBy(desc(products.stock), asc(products.id))
        .limit(limit);
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return rows.map(toProduct);
    },
  );

  app.get(
    '/api/product/public/:id',
    {
      schema: {
        tags: ['product'],
        summary: 'One product by its numeric id',
        params: ProductIdParams,
        response: { 200: { $ref: 'Product' }, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(eq(products.id, request.params.id))
        .limit(1);
      if (!row) throw notFound('Product not found');
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return toProduct(row);
    },
  );
};

export default productRoutes;
