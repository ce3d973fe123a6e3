import type { LayerContext } from '@deck.gl/core';
import type { BufferLayout, PrimitiveTopology } from '@luma.gl/core';
import { Model, type ModelProps } from '@luma.gl/engine';

/** The parts of a deck.gl layer a model is made from: its context, id and shaders (its `getShaders()`). */
interface ModelLayer {
  context: LayerContext;
  props: { id: string };
  getShaders(): ModelProps;
}

/**
 * A model of a layer's shaders that draws `topology` from the buffers of
 * `bufferLayout` (none when the shader makes its vertices from
 * `gl_VertexID`); the layer writes the buffers and sets the vertex count
 * before each draw.
 */
export function layerModel(layer: ModelLayer, topology: PrimitiveTopology, bufferLayout: BufferLayout[] = []): Model {
  return new Model(layer.context.device, { ...layer.getShaders(), id: layer.props.id, topology, vertexCount: 0, bufferLayout });
}
