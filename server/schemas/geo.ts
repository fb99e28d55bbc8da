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
  pincode: Type.String({ pattern: '^(\\d{6})?$', description: "The PIN code (6 digits), '' when unknown" }),
  district: Type.String({ description: "The district, '' when unknown" }),
});
export type SelectedPlace = Static<typeof SelectedPlace>;

const Source = Type.Union([Type.Literal('google'), Type.Literal('gazetteer')], {
  description: 'google, or gazetteer when no key is set or Google failed',
});

export const ReverseQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});

export const AutocompleteQuery = Type.Object({
  q: Type.String({ maxLength: 100 }),
  lat: Type.Optional(
    Type.Number({ minimum: -90, maximum: 90, description: "The map's centre: its city's places first" }),
  ),
  lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
});

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

/** A place from the bundled gazetteer (GET /api/delivery/places): a suggestion with its details. */
export const Place = Type.Object({
  id: Type.String({ description: 'Resolve with GET /api/geo/place/{id} (signed in)' }),
  text: Type.String({ examples: ['Koramangala, Bengaluru, Karnataka 560034, India'] }),
  mainText: Type.String({ examples: ['Koramangala'] }),
  secondaryText: Type.String({ examples: ['Bengaluru, Karnataka 560034, India'] }),
  pincode: Type.String({ pattern: '^[1-9]\\d{5}$' }),
  locality: Type.String({ description: "The locality; '' for a whole city" }),
  district: Type.String(),
  city: Type.String(),
  state: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});
export type Place = Static<typeof Place>;

export const PlacesQuery = Type.Object(
  {
    q: Type.String({
      maxLength: 200,
      description:
        "A locality, a city (today's or a former name), a PIN code or its first 3 to 5 digits; 1 to 100 characters",
    }),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: "The shopper's point: its city first" })),
    lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);

export const PlacesAnswer = Type.Object({ success: Type.Literal(true), data: Type.Array(Place, { maxItems: 5 }) });
export type PlacesAnswer = Static<typeof PlacesAnswer>;
