import { Type, type Static } from 'typebox';

/** Spec point 3's selected map place. */
export const SelectedPlace = Type.Object({
  name: Type.String({ description: 'The formatted address' }),
  shortName: Type.String({ description: 'City, state and country joined by commas' }),
  lat: Type.Number(),
  lng: Type.Number(),
  area: Type.String(),
  city: Type.String(),
  state: Type.String(),
  country: Type.String(),
});
export type SelectedPlace = Static<typeof SelectedPlace>;

const Source = Type.Union([Type.Literal('google'), Type.Literal('gazetteer')], {
  description: 'google, or gazetteer when no key is set or Google failed',
});

export const ReverseQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});

export const AutocompleteQuery = Type.Object({ q: Type.String({ maxLength: 100 }) });

export const PlaceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 300 }) });

export const PlaceAnswer = Type.Object({ success: Type.Literal(true), source: Source, data: SelectedPlace });
export type PlaceAnswer = Static<typeof PlaceAnswer>;

export const PlaceSuggestion = Type.Object({
  id: Type.String({ description: 'Resolve with GET /api/geo/place/{id}' }),
  text: Type.String(),
  mainText: Type.String(),
  secondaryText: Type.String(),
});
export type PlaceSuggestion = Static<typeof PlaceSuggestion>;

export const AutocompleteAnswer = Type.Object({
  success: Type.Literal(true),
  source: Source,
  data: Type.Array(PlaceSuggestion),
});
export type AutocompleteAnswer = Static<typeof AutocompleteAnswer>;

export const MapTilesAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ url: Type.String(), attribution: Type.String() }),
});
export type MapTilesAnswer = Static<typeof MapTilesAnswer>;
