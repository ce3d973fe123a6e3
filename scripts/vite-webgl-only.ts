import type { Plugin } from 'vite';

/** Packages whose shaders come in both GLSL (WebGL) and WGSL (WebGPU) source. */
const SHADER_PACKAGES = /[\\/]node_modules[\\/]@(deck\.gl|luma\.gl)[\\/]/;
const WGSL_MARK = /\/\*\s*wgsl\s*\*\/\s*`/g;

/**
 * Index just past the template literal that starts at `start` (a backtick),
 * stepping over `${…}` substitutions, nested templates and escapes.
 */
function endOfTemplate(code: string, start: number): number {
  let i = start + 1;
  while (i < code.length) {
    const c = code[i];
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (c === '$' && code[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (i < code.length && depth > 0) {
        const d = code[i];
        if (d === '`') i = endOfTemplate(code, i);
        else if (d === "'" || d === '"') {
          const quote = d;
          i++;
          while (i < code.length && code[i] !== quote) i += code[i] === '\\' ? 2 : 1;
          i++;
        } else {
          if (d === '{') depth++;
          else if (d === '}') depth--;
          i++;
        }
      }
    } else i++;
  }
  throw new Error(`unterminated template literal at ${start}`);
}

/** Replaces every `/* wgsl *\/` template literal of `code` by an empty string; null when there is none. */
export function stripWgsl(code: string): string | null {
  let out = '';
  let last = 0;
  for (const match of code.matchAll(WGSL_MARK)) {
    const tick = match.index + match[0].length - 1;
    if (tick < last) continue;
    out += code.slice(last, match.index) + "''";
    last = endOfTemplate(code, tick);
  }
  return last ? out + code.slice(last) : null;
}

/**
 * The app draws with WebGL 2 only (deck.gl and luma.gl are created on a WebGL
 * device), so the WebGPU shader source that deck.gl and luma.gl ship beside
 * each GLSL shader is dead weight in the bundle: this build plugin empties it.
 * The bench's JavaScript floor is built with it too, so both sides of the
 * app's share lose the same bytes.
 */
export function webglOnly(): Plugin {
  return {
    name: 'webgl-only',
    apply: 'build',
    transform(code, id) {
      if (!SHADER_PACKAGES.test(id) || !code.includes('wgsl')) return null;
      const stripped = stripWgsl(code);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}
