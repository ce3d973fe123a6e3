import { project32, type DefaultProps } from '@deck.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import { MARKER, MARKER_STRIDE } from '../data/trains/train-frame-format.ts';
import { unitColor } from './colors.ts';
import { fs, markerUniforms, vs } from './delay-marker-layer-shaders.ts';
import { FrameLayer, INSTANCE_BUFFER, MARKER_INSTANCES, type FrameLayerProps } from './frame-layer.ts';
import { interleavedLayout, positionAttributes } from './buffer-layouts.ts';

/** Props of {@link DelayMarkerLayer}. */
export interface DelayMarkerLayerProps extends FrameLayerProps {
  /** RGBA of the marker. */
  color?: [number, number, number, number];
  /** Smallest drawn radius, pixels. */
  minPixels?: number;
}

/** A unit sphere as a triangle list (positions double as normals). */
function sphere(rings = 8, segments = 14): Float32Array {
  const point = (r: number, s: number) => {
    const theta = (r / rings) * Math.PI;
    const phi = (s / segments) * 2 * Math.PI;
    return [Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)];
  };
  const out: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const [a, b, c, d] = [point(r, s), point(r + 1, s), point(r + 1, s + 1), point(r, s + 1)];
      out.push(...a, ...b, ...c, ...a, ...c, ...d);
    }
  }
  return Float32Array.from(out);
}

/**
 * An orange sphere above each train that runs a minute or more late
 * (the frame lists them only in real-time clock mode).
 */
export class DelayMarkerLayer extends FrameLayer<DelayMarkerLayerProps> {
  static override layerName = 'DelayMarkerLayer';
  static override defaultProps: DefaultProps<DelayMarkerLayerProps> = {
    ...FrameLayer.defaultProps,
    color: [255, 149, 0, 235],
    minPixels: 5,
  };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, markerUniforms] });
  }

  protected readonly instancesInFrame = MARKER_INSTANCES;

  override initializeState() {
    super.initializeState();
    this.setState({
      model: new Model(this.context.device, {
        ...this.getShaders(),
        id: this.props.id,
        bufferLayout: [
          interleavedLayout(INSTANCE_BUFFER, MARKER_STRIDE, { ...positionAttributes('instancePositions', MARKER), instanceUnderground: ['unorm8', MARKER.flagsByte] }, 'instance'),
        ],
        geometry: new Geometry({ topology: 'triangle-list', attributes: { positions: { size: 3, value: sphere() } } }),
        isInstanced: true,
      }),
    });
  }

  override draw() {
    const { frame, model } = this.state;
    if (!frame || !model || frame.markerCount === 0 || !this.state.instances) return;
    const { color, groundOpacity, undergroundOpacity, minPixels } = this.props;
    model.shaderInputs.setProps({
      marker: { color: unitColor(color), radius: frame.carSize[1] * 0.75, groundOpacity, undergroundOpacity, minPixels },
    });
    model.setInstanceCount(frame.markerCount);
    model.draw(this.context.renderPass);
  }
}
