/**
 * three.js layers added through the API: one renderer on a canvas of its own over the map, one scene and camera
 * per layer, drawn every animation frame with the map's camera while any such layer exists.
 *
 * The scenes are in the model space of `src/data/model-space.ts` (east, north, up from Tokyo Station, in
 * Mercator units). Each camera's view matrix takes that space to an eye space in screen pixels (the camera about
 * 1.5 screen heights from the centre, as Mapbox GL's and so Mini Tokyo 3D's), so that what depends on eye
 * distances (a point sprite's `gl_PointSize`, fog) looks as it does there; its projection is the map's.
 *
 * @module
 */
import * as THREE from 'three';
import { WebMercatorViewport } from '@deck.gl/core';
import { Matrix4 } from '@math.gl/core';
import { lightLevel } from '../data/light/light-state.ts';
import { MODEL_ORIGIN } from '../data/model-space.ts';
import { drawingPixelRatio } from '../data/pixel-ratio.ts';

/** The camera the three.js scenes are drawn with. */
export interface ThreeView {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** What a three.js layer gives and gets. */
export interface ThreeLayerEntry {
  id: string;
  lightColor?: number | string | THREE.Color;
  onAdd?: (map: unknown, context: ThreeContext) => void;
  onRemove?: (map: unknown, context: ThreeContext) => void;
}

export interface ThreeContext {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  THREE: typeof THREE;
}

interface Drawn {
  entry: ThreeLayerEntry;
  context: ThreeContext;
  ambient: THREE.AmbientLight;
  sun: THREE.DirectionalLight;
  visible: boolean;
}

/** deck.gl's common space has 512 units across the world at zoom 0. */
const WORLD_SIZE = 512;

/** Light intensities at full light: Mini Tokyo 3D's (its three.js layer), so that a plugin's objects look as there. */
export const DIRECTIONAL_INTENSITY = 3.8;
export const AMBIENT_INTENSITY = 0.4;

/** The lights of a layer's scene: colour and intensity of its directional and ambient light. */
export interface SceneLight {
  color: THREE.Color;
  directional: number;
  ambient: number;
}

/**
 * The light on a layer's scene, as in Mini Tokyo 3D: a layer with a `lightColor` has a fixed light of that colour;
 * without one, the scene takes the map's light (colour `#rrggbb`, intensity 0–1), dimmed to 0.4 of full at night
 * (as the map's objects, never black).
 */
export function sceneLight(lightColor: ThreeLayerEntry['lightColor'], map: { color: string; intensity: number }): SceneLight {
  const level = lightColor === undefined ? lightLevel(map.intensity) : 1;
  return { color: new THREE.Color(lightColor ?? map.color), directional: DIRECTIONAL_INTENSITY * level, ambient: AMBIENT_INTENSITY * level };
}

/** Direction the directional light comes from, in model space: from behind the camera's left, high up (as there). */
function lightDirection(bearing: number, out: THREE.Vector3): THREE.Vector3 {
  const angle = ((bearing + 30) * Math.PI) / 180;
  return out.set(-Math.sin(angle), -Math.cos(angle), Math.sqrt(3)).normalize();
}

/** The three.js layers of one map. */
export class ThreeOverlay {
  readonly canvas: HTMLCanvasElement;
  private readonly renderer: THREE.WebGLRenderer;
  private readonly layers: Drawn[] = [];
  private frame = 0;
  /** Where the directional light comes from this frame (model space, unit length). */
  private readonly lightFrom = new THREE.Vector3();
  /** The map's light: colour `#rrggbb` and intensity (0–1). */
  private light = { color: '#ffffff', intensity: 1 };
  /** Model space → deck.gl common space (scale, then the origin's place). */
  private readonly modelToCommon: Matrix4;

  constructor(
    parent: HTMLElement,
    private readonly map: unknown,
    private readonly view: () => ThreeView,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'tt-three';
    parent.appendChild(this.canvas);
    this.renderer = new THREE.WebGLRenderer({ canvas: this.canvas, alpha: true, antialias: true });
    this.renderer.autoClear = false;
    const [ox, oy] = new WebMercatorViewport({ width: 1, height: 1, longitude: 0, latitude: 0, zoom: 0 }).projectFlat(MODEL_ORIGIN as [number, number]);
    // Model x east and y north in Mercator units (world = 1), z up in the same units; common space has y north too.
    this.modelToCommon = new Matrix4().translate([ox, oy, 0]).scale([WORLD_SIZE, WORLD_SIZE, WORLD_SIZE]);
    this.loop();
  }

  /** Adds a layer: its scene and camera are created and handed to its `onAdd`. */
  add(entry: ThreeLayerEntry): void {
    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera();
    camera.matrixAutoUpdate = false;
    camera.matrixWorldAutoUpdate = false; // its matrices are set each frame from the map's camera
    const ambient = new THREE.AmbientLight();
    const sun = new THREE.DirectionalLight();
    lightDirection(this.view().bearing, sun.position);
    scene.add(ambient, sun);
    const context: ThreeContext = { renderer: this.renderer, scene, camera, THREE };
    const drawn: Drawn = { entry, context, ambient, sun, visible: true };
    this.layers.push(drawn);
    this.applyLight(drawn);
    entry.onAdd?.(this.map, context);
  }

  /** Removes a layer (its `onRemove` is called). */
  remove(id: string): void {
    const index = this.layers.findIndex((l) => l.entry.id === id);
    if (index < 0) return;
    const [drawn] = this.layers.splice(index, 1);
    drawn.entry.onRemove?.(this.map, drawn.context);
  }

  setVisible(id: string, visible: boolean): void {
    const drawn = this.layers.find((l) => l.entry.id === id);
    if (drawn) drawn.visible = visible;
  }

  get size(): number {
    return this.layers.length;
  }

  /** The map's light (colour `#rrggbb`, intensity 0–1), on every scene whose layer has no `lightColor` of its own. */
  setLight(color: string, intensity: number): void {
    this.light = { color, intensity };
    for (const drawn of this.layers) this.applyLight(drawn);
  }

  private applyLight(drawn: Drawn) {
    const light = sceneLight(drawn.entry.lightColor, this.light);
    drawn.sun.color.copy(light.color);
    drawn.sun.intensity = light.directional;
    drawn.ambient.color.copy(light.color);
    drawn.ambient.intensity = light.ambient;
  }

  private readonly loop = () => {
    this.frame = requestAnimationFrame(this.loop);
    this.render();
  };

  /** Draws every visible scene with the map's camera. */
  render(): void {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === 0 || height === 0) return;
    const ratio = drawingPixelRatio();
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.renderer.setPixelRatio(ratio);
      this.renderer.setSize(width, height, false);
    }
    const mapCamera = this.view();
    const viewport = new WebMercatorViewport({ width, height, ...mapCamera });
    // deck.gl's eye space is in screen heights: scaled to pixels here, and back in the projection.
    const view = new Matrix4().scale([height, height, height]).multiplyRight(viewport.viewMatrix as number[]).multiplyRight(this.modelToCommon);
    const projection = new Matrix4(viewport.projectionMatrix as number[]).scale([1 / height, 1 / height, 1 / height]);
    this.renderer.clear();
    const fromSun = lightDirection(mapCamera.bearing, this.lightFrom);
    for (const { context, visible, sun } of this.layers) {
      if (!visible) continue;
      sun.position.copy(fromSun);
      const { camera } = context;
      camera.matrixWorldInverse.fromArray(view);
      camera.matrixWorld.copy(camera.matrixWorldInverse).invert();
      camera.projectionMatrix.fromArray(projection);
      camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
      this.renderer.resetState();
      this.renderer.render(context.scene, context.camera);
    }
  }

  /** Removes every layer, the canvas and the renderer. */
  dispose(): void {
    cancelAnimationFrame(this.frame);
    for (const drawn of [...this.layers]) this.remove(drawn.entry.id);
    this.renderer.dispose();
    this.canvas.remove();
  }
}
