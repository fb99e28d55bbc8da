export { SearchBox } from './components/SearchBox';
export { SearchResults } from './components/SearchResults';
export { SortMenu } from './components/SortMenu';
export { CategoryLinks } from './components/CategoryLinks';
export { parseSearchPageParams, type SearchPageParams } from './search-params';
export { searchResultsQueryOptions } from './search-query';
export { DEFAULT_SORT, SORT_OPTIONS, isSortOption, type SortChoice, type SortOption } from './sort-options';
export { SEARCH_PLACEHOLDER_INTERVAL_MS, SEARCH_PLACEHOLDER_WORDS } from './constants';
