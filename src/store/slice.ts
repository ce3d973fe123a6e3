import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from '../store.ts';

/** The store's `set` and `get` as every slice sees them: the whole state, so that an action may end what another slice holds. */
export type SetState = StoreApi<AppState>['setState'];
export type GetState = () => AppState;
