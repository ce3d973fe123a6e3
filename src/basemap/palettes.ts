/**
 * Colours of the base map's two themes: calm, low-saturation tones for land, water, roads,
 * buildings and labels, so that the transit lines drawn over them stand out.
 */
import type { LightSpecification, SkySpecification } from 'maplibre-gl';

/** Colour variant of the base map: `light` for daytime, `dark` for night. */
export type BasemapTheme = 'light' | 'dark';

/** Every colour and opacity that differs between themes. */
export interface BasemapPalette {
  land: string;
  wood: string;
  grass: string;
  farmland: string;
  wetland: string;
  sand: string;
  park: string;
  institutional: string;
  industrial: string;
  protectedArea: string;
  protectedAreaOpacity: number;
  water: string;
  waterway: string;
  aeroway: string;
  boundary: string;
  roadMinor: string;
  roadMajor: string;
  roadMotorway: string;
  roadCasing: string;
  roadTunnel: string;
  path: string;
  building: string;
  /** How much of `building` shows over `land`: buildings are drawn opaque in that blend (one pass, see `buildingLayer`). */
  buildingOpacity: number;
  labelPlace: string;
  labelPlaceMinor: string;
  labelRoad: string;
  labelWater: string;
  labelHalo: string;
  light: LightSpecification;
  sky: SkySpecification;
}

const LIGHT_PALETTE: BasemapPalette = {
  land: '#f2f1ee',
  wood: '#e1e6dd',
  grass: '#e5e9df',
  farmland: '#eceee7',
  wetland: '#e1e8e5',
  sand: '#efece4',
  park: '#e0e6da',
  institutional: '#eeebe6',
  industrial: '#ebeae7',
  protectedArea: '#dfe5d9',
  protectedAreaOpacity: 0.35,
  water: '#cad5dd',
  waterway: '#c2cfd8',
  aeroway: '#e6e5e2',
  boundary: '#c4c0c8',
  roadMinor: '#ffffff',
  roadMajor: '#ffffff',
  roadMotorway: '#fbfaf7',
  roadCasing: '#dcd9d3',
  roadTunnel: '#e4e2de',
  path: '#dedbd5',
  building: '#e8e6e2',
  buildingOpacity: 0.78,
  labelPlace: '#4f5358',
  labelPlaceMinor: '#777b80',
  labelRoad: '#85878b',
  labelWater: '#6f8796',
  labelHalo: 'rgba(244, 243, 240, 0.9)',
  light: { anchor: 'viewport', color: '#ffffff', intensity: 0.22, position: [1.15, 210, 30] },
  sky: { 'sky-color': '#dfe6ec', 'horizon-color': '#f2f1ee', 'fog-color': '#f2f1ee', 'sky-horizon-blend': 0.6 },
};

const DARK_PALETTE: BasemapPalette = {
  land: '#1d2129',
  wood: '#1c2425',
  grass: '#1d2426',
  farmland: '#1e2229',
  wetland: '#1b2328',
  sand: '#22252b',
  park: '#1c2525',
  institutional: '#20242c',
  industrial: '#1f232a',
  protectedArea: '#1c2525',
  protectedAreaOpacity: 0.4,
  water: '#131922',
  waterway: '#151c26',
  aeroway: '#252a33',
  boundary: '#4a4f5c',
  roadMinor: '#292e37',
  roadMajor: '#323844',
  roadMotorway: '#3a414e',
  roadCasing: '#181b21',
  roadTunnel: '#252a32',
  path: '#2a2f38',
  building: '#2b303a',
  buildingOpacity: 0.82,
  labelPlace: '#aeb4be',
  labelPlaceMinor: '#858c98',
  labelRoad: '#8b919c',
  labelWater: '#60738a',
  labelHalo: 'rgba(29, 33, 41, 0.9)',
  light: { anchor: 'viewport', color: '#c8d2e6', intensity: 0.25, position: [1.15, 210, 30] },
  sky: { 'sky-color': '#10141b', 'horizon-color': '#1d2129', 'fog-color': '#1d2129', 'sky-horizon-blend': 0.6 },
};

export const PALETTES: Readonly<Record<BasemapTheme, BasemapPalette>> = { light: LIGHT_PALETTE, dark: DARK_PALETTE };
