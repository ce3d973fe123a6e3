/**
 * Shader modules of uniforms, as deck.gl's layers keep theirs (a module per
 * layer, `<name>Uniforms`): a uniform block named after the module, its
 * members in the order of the module's `uniformTypes`. The GLSL block is
 * written from those types, so that the block and the layout luma.gl writes
 * the uniform buffer by cannot disagree.
 *
 * @module
 */
import type { NumberArray16 } from '@math.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';

/** The uniform formats these modules use, with their GLSL types. */
const GLSL_TYPES = {
  f32: 'float',
  'vec2<f32>': 'vec2',
  'vec3<f32>': 'vec3',
  'vec4<f32>': 'vec4',
  'mat4x4<f32>': 'mat4',
} as const;

/** A uniform's format (WGSL style, as luma.gl names them). */
export type UniformFormat = keyof typeof GLSL_TYPES;

type UniformValueOf<F extends UniformFormat> = F extends 'f32'
  ? number
  : F extends 'vec2<f32>'
    ? [number, number]
    : F extends 'vec3<f32>'
      ? [number, number, number]
      : F extends 'vec4<f32>'
        ? [number, number, number, number]
        : NumberArray16;

/** The props of a uniforms module: one value per uniform, of its format. */
export type UniformProps<T extends Record<string, UniformFormat>> = { [K in keyof T]: UniformValueOf<T[K]> };

/** Where a module's uniforms are read, and GLSL functions it adds after its block (in the same stages). */
export interface UniformsModuleOptions {
  /** The vertex shader reads them (default true). */
  vs?: boolean;
  /** The fragment shader reads them (default false). */
  fs?: boolean;
  /** GLSL after the block: the module's functions. */
  functions?: string;
}

/** `uniform <name>Uniforms { … } <name>;`, the members of `uniformTypes` in their order. */
export function glslUniformBlock(name: string, uniformTypes: Readonly<Record<string, UniformFormat>>): string {
  const members = Object.entries(uniformTypes).map(([member, format]) => `  ${GLSL_TYPES[format]} ${member};\n`);
  return `uniform ${name}Uniforms {\n${members.join('')}} ${name};\n`;
}

/**
 * A shader module of the uniforms `uniformTypes` (and the functions of `options`), declared in the stages that read
 * them; its props are set per model with `model.shaderInputs.setProps({[name]: props})`.
 */
export function uniformsModule<const T extends Record<string, UniformFormat>>(
  name: string,
  uniformTypes: T,
  { vs = true, fs = false, functions = '' }: UniformsModuleOptions = {},
): ShaderModule<UniformProps<T>> {
  const glsl = glslUniformBlock(name, uniformTypes) + functions;
  return { name, uniformTypes, ...(vs ? { vs: glsl } : {}), ...(fs ? { fs: glsl } : {}) } as unknown as ShaderModule<UniformProps<T>>;
}
