import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from '../store.ts';

/** The store of the map this React tree belongs to. */
export const StoreContext = createContext<AppStore | null>(null);

/** The store API (for actions and reads outside rendering). */
export function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStoreApi must be used inside a <StoreContext.Provider>');
  return store;
}

/** Subscribes a component to a slice of the store. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useStoreApi(), selector);
}
