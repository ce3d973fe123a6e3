/**
 * Plugins: things a page adds to the map with their own switch in the layers panel (`plugins` option,
 * `Map.addPlugin`, `Map.removePlugin`), enabled and disabled by the person, visible only in the modes they list.
 *
 * @module
 */
import { CLOCK_MODES, SEARCH_MODES, VIEW_MODES, pluginVisible, type MapModes, type PluginModes } from '../data/plugin-modes.ts';
import { INTERFACE_LANGUAGES } from '../data/languages.ts';
import { iconStyleText } from './icon-style.ts';
import { fail, formatOptionValue, validateBoolean, validateObject, validateOptionalFunctions, validateString } from './validators.ts';
import { thrownMessage, type ReportError } from '../data/map-error.ts';
import type { PluginEntry } from '../store.ts';

/** A plugin, as a page writes it. */
export interface PluginInterface {
  /** Unique among the map's plugins. */
  id: string;
  /** Its name per interface language (`en`, `ja`, …); English is the fallback. */
  name?: Partial<Record<string, string>>;
  /**
   * Its icon's style in the layers panel: a style object with camelCase names as in Mini Tokyo 3D
   * (`{backgroundImage: 'url(icon.svg)', backgroundSize: '32px'}`), or CSS declarations as text
   * (`background-image: url(icon.svg)`).
   */
  iconStyle?: string | Readonly<Record<string, string | number>>;
  /** Enabled when added (default true). */
  enabled?: boolean;
  /** Clock modes it is visible in (default both). */
  clockModes?: readonly ('realtime' | 'playback')[];
  /** Search modes it is visible in (default `['none']`: hidden while the route search panels are open). */
  searchModes?: readonly ('none' | 'edit' | 'route')[];
  /** View modes it is visible in (default both). */
  viewModes?: readonly ('ground' | 'underground')[];
  /** Added to a map (first callback). */
  onAdd?: (map: unknown) => void;
  /** Removed from the map (last callback; `onDisabled` comes first when it was enabled). */
  onRemove?: (map: unknown) => void;
  /** Switched on (also right after `onAdd` when it starts enabled); `onVisibilityChanged` follows at once. */
  onEnabled?: () => void;
  /** Switched off (after `onVisibilityChanged(false)`). */
  onDisabled?: () => void;
  /**
   * Whether it is to be shown now (enabled, and the map in modes it lists): called right after `onEnabled`, before
   * `onDisabled` (with false), and on every change of the map's clock, search or view mode while it is enabled,
   * also when the value stays the same.
   */
  onVisibilityChanged?: (visible: boolean) => void;
}

/** A checked plugin with its modes filled in. */
export type CheckedPlugin = PluginModes & { id: string; names: Record<string, string>; iconStyle: string; enabled: boolean; plugin: PluginInterface };

/** Like Mini Tokyo 3D's, plugins are hidden while the route search panels are open unless they say otherwise. */
const DEFAULT_SEARCH_MODES = ['none'] as const;

const CALLBACKS = ['onAdd', 'onRemove', 'onEnabled', 'onDisabled', 'onVisibilityChanged'] as const;

function checkModes<T extends string>(value: unknown, path: string, allowed: readonly T[]): readonly T[] {
  if (value === undefined) return allowed;
  if (!Array.isArray(value) || value.some((m) => !(allowed as readonly unknown[]).includes(m))) {
    fail(path, value, `${formatOptionValue(value)} is not a list of ${allowed.join(', ')}.`);
  }
  return value as T[];
}

/**
 * Checks a plugin.
 * @param path - how to name it in messages (`plugin`, `plugins[2]`).
 * @throws MapOptionError naming the property, the value and what is allowed.
 */
export function checkPlugin(value: unknown, path = 'plugin'): CheckedPlugin {
  const plugin = validateObject(value, path, 'a plugin object with an id');
  const id = validateString(plugin.id, `${path}.id`, 'a plugin id');
  const names: Record<string, string> = {};
  if (plugin.name !== undefined) {
    const given = validateObject(plugin.name, `${path}.name`, `an object of names per language (${INTERFACE_LANGUAGES.join(', ')})`);
    for (const [lang, text] of Object.entries(given)) names[lang] = validateString(text, `${path}.name.${lang}`, 'a name');
  }
  const iconStyle = iconStyleText(plugin.iconStyle, `${path}.iconStyle`);
  const enabled = plugin.enabled === undefined ? true : validateBoolean(plugin.enabled, `${path}.enabled`);
  validateOptionalFunctions(plugin, path, CALLBACKS);
  return {
    id,
    names,
    iconStyle,
    enabled,
    clockModes: checkModes(plugin.clockModes, `${path}.clockModes`, CLOCK_MODES),
    searchModes: plugin.searchModes === undefined ? DEFAULT_SEARCH_MODES : checkModes(plugin.searchModes, `${path}.searchModes`, SEARCH_MODES),
    viewModes: checkModes(plugin.viewModes, `${path}.viewModes`, VIEW_MODES),
    plugin: plugin as unknown as PluginInterface,
  };
}


/**
 * Runs one plugin's callbacks as it is added, switched, shown or hidden by the modes, and removed, in Mini Tokyo
 * 3D's order: `onAdd`, `onEnabled` then `onVisibilityChanged(visible)`; `onVisibilityChanged(false)` then
 * `onDisabled`; `onRemove` last. A callback that throws is reported through `onError` (naming the plugin and the
 * callback) and the map goes on; after a failed `onAdd` the plugin is left out: {@link PluginRunner.added} is false
 * and no other callback runs.
 */
export class PluginRunner {
  private enabled: boolean;
  /** Whether the map's modes are ones it lists (the layers panel says when they are not). */
  private inModes: boolean;
  /** Whether `onAdd` returned (a plugin whose `onAdd` threw is left out of the map). */
  readonly added: boolean;

  constructor(
    readonly checked: CheckedPlugin,
    private readonly map: unknown,
    modes: MapModes,
    private readonly onError: ReportError,
  ) {
    this.enabled = checked.enabled;
    this.inModes = pluginVisible(checked, modes);
    this.added = this.call('onAdd', map);
    if (!this.added) return;
    if (this.enabled) this.enable();
  }

  get entry(): PluginEntry {
    const { id, names, iconStyle } = this.checked;
    return { id, names, iconStyle, enabled: this.enabled, visible: this.inModes };
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (enabled) this.enable();
    else this.disable();
  }

  /** The map's modes changed (or were set again): an enabled plugin is told whether it is visible, every time. */
  modes(now: MapModes): void {
    this.inModes = pluginVisible(this.checked, now);
    if (this.enabled) this.call('onVisibilityChanged', this.inModes);
  }

  remove(): void {
    if (this.enabled) this.disable();
    this.call('onRemove', this.map);
  }

  private enable() {
    this.call('onEnabled');
    this.call('onVisibilityChanged', this.inModes);
  }

  private disable() {
    this.call('onVisibilityChanged', false);
    this.call('onDisabled');
  }

  /** Runs a callback; false when it threw (reported). */
  private call(name: (typeof CALLBACKS)[number], ...args: unknown[]): boolean {
    const f = this.checked.plugin[name] as ((...a: unknown[]) => void) | undefined;
    if (!f) return true;
    try {
      f.apply(this.checked.plugin, args);
      return true;
    } catch (e) {
      const outcome = name === 'onAdd' ? '; the plugin was left out of the map' : '';
      this.onError(`The ${name} of plugin "${this.checked.id}" failed: ${thrownMessage(e)}${outcome}`, { error: e, source: { type: 'plugin', id: this.checked.id } });
      return false;
    }
  }
}
