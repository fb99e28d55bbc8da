import { Type, type Static } from 'typebox';

export const Subcategory = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  image: Type.String(),
  productCount: Type.Integer(),
});

export const Category = Type.Object(
  {
    slug: Type.String({ description: 'Also the storefront route: /{slug}' }),
    name: Type.String(),
    image: Type.String(),
    productCount: Type.Integer(),
    /** A few product images of the category, for the home page's collage cards. */
    previewImages: Type.Array(Type.String()),
    subcategories: Type.Array(Subcategory),
  },
  { $id: 'Category' },
);
export type Category = Static<typeof Category>;

export const CategoryGroup = Type.Object({
  slug: Type.String(),
  name: Type.String({ description: "e.g. 'Grocery & Kitchen'" }),
  categories: Type.Array(Type.String({ description: 'Category slugs, in order' })),
});
export type CategoryGroup = Static<typeof CategoryGroup>;

export const CategoryListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Type.Ref('Category')),
  groups: Type.Array(CategoryGroup),
});
// A $ref has no static type of its own; spell out what it points at.
export type CategoryListResponse = Omit<Static<typeof CategoryListResponse>, 'data'> & { data: Category[] };
