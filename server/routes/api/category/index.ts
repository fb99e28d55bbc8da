import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { listCategories } from '../../../db/category-queries';
import { GROCERY_KITCHEN } from '../../../domain/catalog';
import { CATALOGUE_CACHE } from '../../../web/cache-policy';
import { ErrorResponse } from '../../../schemas/common';
import { CategoryListResponse, type CategoryGroup } from '../../../schemas/category';

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/category/public',
    {
      config: { catalogueCache: true },
      schema: {
        operationId: 'getCategories',
        tags: ['category'],
        summary: 'The categories, in navigation order, with sub-categories and counts',
        response: { 200: CategoryListResponse, 400: ErrorResponse },
      },
    },
    async (_request, reply) => {
      const data = await listCategories(db);
      const groups: CategoryGroup[] = [{ ...GROCERY_KITCHEN, categories: data.map((c) => c.slug) }];
      reply.header('Cache-Control', CATALOGUE_CACHE);
      return { success: true as const, data, groups };
    },
  );
};

export default categoryRoutes;
