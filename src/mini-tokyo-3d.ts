/**
 * The entry for code written for Mini Tokyo 3D, `tokyo-transit-3d/mini-tokyo-3d` (its plugins import
 * `'mini-tokyo-3d'`; point that name here). For now it offers the `Map`; its compatibility members come with the
 * plugin-compatibility work.
 */
export { Map } from './index.ts';
