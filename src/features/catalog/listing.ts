import type { Category, CategoryGroup } from '../../../server/schemas/category';
import type { ProductFilters } from './api/search-products';

export interface SidebarEntry {
  /** undefined for the first entry, 'All', which is active by default. */
  key: string | undefined;
  label: string;
  image: string | undefined;
}

export interface Listing {
  title: string;
  sidebar: SidebarEntry[];
  /** Turns the selected sidebar entry into product filters. */
  filtersFor(selected: string | undefined): Omit<ProductFilters, 'page' | 'sort'>;
}

const allEntry = (image: string | undefined): SidebarEntry => ({ key: undefined, label: 'All', image });

/** Every category, for /collection and for a category group such as Grocery & Kitchen. */
function categoriesListing(title: string, categories: Category[]): Listing {
  const keys = new Set(categories.map((c) => c.slug));
  return {
    title,
    sidebar: [
      allEntry(categories[0]?.image),
      ...categories.map((c) => ({ key: c.slug, label: c.name, image: c.image })),
    ],
    filtersFor: (selected) => (selected && keys.has(selected) ? { category: selected } : {}),
  };
}

/**
 * What a listing route shows: a top-level category (sidebar of its sub-categories), a category
 * group, or undefined when the slug is neither (a not-found page).
 */
export function resolveListing(slug: string, categories: Category[], groups: CategoryGroup[]): Listing | undefined {
  const category = categories.find((c) => c.slug === slug);
  if (category) {
    const keys = new Set(category.subcategories.map((s) => s.slug));
    return {
      title: category.name,
      sidebar: [
        allEntry(category.image),
        ...category.subcategories.map((s) => ({ key: s.slug, label: s.name, image: s.image })),
      ],
      filtersFor: (selected) =>
        selected && keys.has(selected) ? { category: slug, subcategory: selected } : { category: slug },
    };
  }
  const group = groups.find((g) => g.slug === slug);
  if (group) {
    return categoriesListing(
      group.name,
      group.categories.flatMap((s) => categories.filter((c) => c.slug === s)),
    );
  }
  return undefined;
}

export const collectionListing = (categories: Category[]) => categoriesListing('All Products', categories);
