import { atom } from 'jotai';

/** Spec point 3: the loader slice; its style is full-screen by default. */
export type LoaderStyle = 'full-screen' | 'inline';

export interface LoaderState {
  isLoading: boolean;
  style: LoaderStyle;
}

export const loaderAtom = atom<LoaderState>({ isLoading: false, style: 'full-screen' });
