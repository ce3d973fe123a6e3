import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { stripWgsl } from '../../scripts/vite-webgl-only.ts';

describe('dropping the WebGPU shader text from the build', () => {
  it('empties each /* wgsl */ template, with its substitutions, nested templates and escapes, and nothing else', () => {
    const code = [
      'const glsl = /* glsl */ `void main() {}`;',
      'const a = /* wgsl */ `struct A { x: f32 }; ${`nested ${"}"} ${1 + 2}`} \\` still A`;',
      "const b = /*wgsl*/`fn b() -> f32 { return ${'}'}; }`, c = 'kept';",
    ].join('\n');
    expect(stripWgsl(code)).toBe(["const glsl = /* glsl */ `void main() {}`;", "const a = '';", "const b = '', c = 'kept';"].join('\n'));
  });

  it('leaves a file without WGSL alone', () => {
    expect(stripWgsl('const s = `wgsl is a word here`;')).toBeNull();
  });

  it("empties a real deck.gl shader file and keeps its exports", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@deck.gl/layers').replace(/index\.(c?js)$/, 'icon-layer/icon-layer.wgsl.js');
    const code = readFileSync(file, 'utf8');
    expect(code).toContain('@group(0)');
    const stripped = stripWgsl(code)!;
    expect(stripped).not.toContain('@group(0)');
    expect(stripped).toMatch(/export /);
    expect(stripped.length).toBeLessThan(code.length / 4);
  });
});
