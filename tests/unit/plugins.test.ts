import { describe, expect, it } from 'vitest';
import { checkPlugin, PluginRunner, type PluginInterface } from '../../src/api/plugin.ts';
import { pluginName, pluginVisible, type MapModes } from '../../src/data/plugin-modes.ts';

const GROUND: MapModes = { clockMode: 'realtime', searchMode: 'none', viewMode: 'ground' };

function recorder(extra: Partial<PluginInterface> = {}) {
  const calls: string[] = [];
  const plugin: PluginInterface = {
    id: 'p',
    onAdd: (map) => calls.push(`onAdd ${String(map)}`),
    onRemove: () => calls.push('onRemove'),
    onEnabled: () => calls.push('onEnabled'),
    onDisabled: () => calls.push('onDisabled'),
    onVisibilityChanged: (visible) => calls.push(`onVisibilityChanged ${visible}`),
    ...extra,
  };
  return { calls, plugin };
}

describe('plugins', () => {
  it('are visible only in the modes they list (all clock and view modes, and no open search, by default)', () => {
    const all = checkPlugin({ id: 'a' });
    expect(pluginVisible(all, { clockMode: 'playback', searchMode: 'none', viewMode: 'underground' })).toBe(true);
    expect(pluginVisible(all, { clockMode: 'playback', searchMode: 'route', viewMode: 'underground' })).toBe(false);
    expect(pluginVisible(checkPlugin({ id: 's', searchModes: ['none', 'route'] }), { ...GROUND, searchMode: 'route' })).toBe(true);
    const ground = checkPlugin({ id: 'b', viewModes: ['ground'], clockModes: ['realtime'] });
    expect(pluginVisible(ground, GROUND)).toBe(true);
    expect(pluginVisible(ground, { ...GROUND, viewMode: 'underground' })).toBe(false);
    expect(pluginVisible(ground, { ...GROUND, clockMode: 'playback' })).toBe(false);
  });

  it('have a name per language with English, then the first given, then the id as fallbacks', () => {
    expect(pluginName({ en: 'Fireworks', ja: '花火' }, 'ja', 'f')).toBe('花火');
    expect(pluginName({ en: 'Fireworks', ja: '花火' }, 'ko', 'f')).toBe('Fireworks');
    expect(pluginName({ 'zh-Hans': '烟花' }, 'zh-Hans', 'f')).toBe('烟花');
    expect(pluginName({ fr: "Feux d'artifice" }, 'de', 'f')).toBe("Feux d'artifice");
    expect(pluginName({}, 'en', 'f')).toBe('f');
  });

  it("run their callbacks in Mini Tokyo 3D's order: visibility after enabling, before disabling, and on every mode change", () => {
    const { calls, plugin } = recorder({ viewModes: ['ground'] });
    const runner = new PluginRunner(checkPlugin(plugin), 'map', GROUND, () => undefined);
    runner.setEnabled(false);
    runner.setEnabled(false);
    runner.setEnabled(true);
    runner.modes({ ...GROUND, clockMode: 'playback' });
    runner.modes({ ...GROUND, viewMode: 'underground' });
    runner.modes(GROUND);
    runner.remove();
    expect(calls).toEqual([
      'onAdd map', 'onEnabled', 'onVisibilityChanged true',
      'onVisibilityChanged false', 'onDisabled',
      'onEnabled', 'onVisibilityChanged true',
      'onVisibilityChanged true', 'onVisibilityChanged false', 'onVisibilityChanged true',
      'onVisibilityChanged false', 'onDisabled', 'onRemove',
    ]);
  });

  it('that start disabled get onAdd and onRemove only, hidden ones onVisibilityChanged(false); a throwing callback is reported and the others still run', () => {
    const disabled = recorder({ enabled: false, viewModes: ['underground'] });
    new PluginRunner(checkPlugin(disabled.plugin), 'map', GROUND, () => undefined).remove();
    expect(disabled.calls).toEqual(['onAdd map', 'onRemove']);
    const hidden = recorder({ viewModes: ['underground'] });
    new PluginRunner(checkPlugin(hidden.plugin), 'map', GROUND, () => undefined);
    expect(hidden.calls).toEqual(['onAdd map', 'onEnabled', 'onVisibilityChanged false']);
    const errors: string[] = [];
    const broken = recorder({ onEnabled: () => { throw new Error('no canvas'); } });
    new PluginRunner(checkPlugin(broken.plugin), 'map', GROUND, (m) => errors.push(m)).remove();
    expect(errors).toEqual(['The onEnabled of plugin "p" failed: no canvas']);
    expect(broken.calls).toEqual(['onAdd map', 'onVisibilityChanged true', 'onVisibilityChanged false', 'onDisabled', 'onRemove']);
  });

  it('whose onAdd throws are left out: reported with the plugin as source, and no other callback runs', () => {
    const reports: { message: string; source: unknown }[] = [];
    const broken = recorder({ onAdd: () => { throw new Error('no THREE'); } });
    const runner = new PluginRunner(checkPlugin(broken.plugin), 'map', GROUND, (message, details) => reports.push({ message, source: details?.source }));
    expect(runner.added).toBe(false);
    expect(broken.calls).toEqual([]);
    expect(reports).toEqual([{ message: 'The onAdd of plugin "p" failed: no THREE; the plugin was left out of the map', source: { type: 'plugin', id: 'p' } }]);
    expect(new PluginRunner(checkPlugin(recorder().plugin), 'map', GROUND, () => undefined).added).toBe(true);
  });

  it('are checked with messages naming the property', () => {
    const message = (value: unknown) => {
      try {
        checkPlugin(value, 'plugins[1]');
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message({ id: '' })).toBe('Invalid option "plugins[1].id": "" is an empty string; expected a plugin id.');
    expect(message({ id: 'a', name: { en: 3 } })).toBe('Invalid option "plugins[1].name.en": 3 is not a string; expected a name.');
    expect(message({ id: 'a', enabled: 'yes' })).toBe('Invalid option "plugins[1].enabled": "yes" is not a boolean; expected true or false.');
    expect(message({ id: 'a', clockModes: ['live'] })).toBe('Invalid option "plugins[1].clockModes": ["live"] is not a list of realtime, playback.');
    expect(message({ id: 'a', searchModes: 'none' })).toBe('Invalid option "plugins[1].searchModes": "none" is not a list of none, edit, route.');
    expect(message({ id: 'a', onEnabled: 1 })).toBe('Invalid option "plugins[1].onEnabled": 1 is not a function.');
    expect(message({ id: 'a', iconStyle: 'background: red', name: { en: 'A', ja: 'エー' } })).toBe('accepted');
    expect(message({ id: 'a', iconStyle: 3 })).toMatch(/^Invalid option "plugins\[1\]\.iconStyle": 3 is neither CSS declarations nor a style object/);
    expect(message({ id: 'a', iconStyle: { backgroundSize: {} } })).toBe('Invalid option "plugins[1].iconStyle.backgroundSize": {} is not a CSS value; expected a string.');
  });

  it("take Mini Tokyo 3D's iconStyle objects as CSS declarations", () => {
    const { iconStyle } = checkPlugin({ id: 'f', iconStyle: { backgroundSize: '32px', backgroundImage: 'url("data:image/svg+xml,%3csvg%3e")', webkitMaskSize: '10px', '--tint': 'red' } });
    expect(iconStyle).toBe('background-size: 32px; background-image: url("data:image/svg+xml,%3csvg%3e"); -webkit-mask-size: 10px; --tint: red');
  });
});
