/** The input of the product art and the shapes it draws. */

export interface ProductImageInput {
  slug: string;
  name: string;
  brand: string;
  category: string;
  subcategory: string;
  packSize: string;
}

/** Widest label line, in characters, any shape will print (the test relies on this bound). */
export const LABEL_MAX_CHARS = 18;

export type Shape =
  | 'fruit'
  | 'banana'
  | 'elongated'
  | 'root'
  | 'leafy'
  | 'grapes'
  | 'pouch'
  | 'bottle'
  | 'can'
  | 'chips'
  | 'noodles'
  | 'jar'
  | 'tea-box'
  | 'biscuit'
  | 'bread'
  | 'tub'
  | 'soap'
  | 'tube'
  | 'pump'
  | 'jug'
  | 'carton'
  | 'box';

export type ProduceShape = 'fruit' | 'banana' | 'elongated' | 'root' | 'leafy' | 'grapes';
export type Top = 'star' | 'leaf' | 'sprout' | 'crown' | 'none';

export interface Produce {
  shape: ProduceShape;
  color: string;
  top?: Top;
  rx?: number;
  ry?: number;
  spots?: boolean;
}

export interface Colors {
  main: string;
  dark: string;
  light: string;
  /** Text colour readable on `main`. */
  ink: string;
}

export interface Label {
  brand: string;
  name: string;
}
