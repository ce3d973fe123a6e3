/**
 * The plugins of a {@link Map}: those waiting for its `load`, and the running ones with their switches in the
 * layers panel, told of every change of the map's modes.
 *
 * @internal
 * @module
 */
import type { ErrorSource } from '../data/map-error.ts';
import type { MapModes } from '../data/plugin-modes.ts';
import type { MapHost } from './map-host.ts';
import { checkPlugin, PluginRunner, type CheckedPlugin, type PluginInterface } from './plugin.ts';

/** What an invalid entry of the `plugins` option is, for the `error` event: the plugin of its id, if it has one. */
function pluginSource(plugin: unknown, index: number): ErrorSource {
  const id = (plugin as { id?: unknown } | null)?.id;
  return { type: 'plugin', id: typeof id === 'string' ? id : `plugins[${index}]` };
}

/** The plugins added to a map and not removed. */
export class MapPlugins {
  private readonly pending: CheckedPlugin[] = [];
  private readonly runners: PluginRunner[] = [];

  constructor(private readonly host: MapHost) {}

  /** Queues the plugins of the `plugins` option until the map loads; an invalid one fires `error`. */
  queueFromOptions(plugins: readonly PluginInterface[]): void {
    plugins.forEach((plugin, i) => {
      try {
        this.pending.push(checkPlugin(plugin, `plugins[${i}]`));
      } catch (e) {
        setTimeout(() => this.host.reportError((e as Error).message, { error: e, source: pluginSource(plugin, i) }), 0);
      }
    });
  }

  /** Starts the plugins that waited for the map's `load`. */
  startPending(): void {
    for (const plugin of this.pending.splice(0)) this.start(plugin);
  }

  /** See {@link Map.addPlugin}. */
  add(plugin: PluginInterface): void {
    const checked = checkPlugin(plugin);
    const store = this.host.store();
    if ([...this.pending, ...this.runners.map((r) => r.checked)].some((p) => p.id === checked.id)) {
      this.host.reportError(`A plugin "${checked.id}" already exists; plugin ids must be unique. The plugin was not added.`, { source: { type: 'plugin', id: checked.id } });
      return;
    }
    if (store.getState().networkDrawn) this.start(checked);
    else this.pending.push(checked);
  }

  /** See {@link Map.removePlugin}. */
  remove(id: string): void {
    const pending = this.pending.findIndex((p) => p.id === id);
    if (pending >= 0) {
      this.pending.splice(pending, 1);
      return;
    }
    const index = this.runners.findIndex((r) => r.checked.id === id);
    if (index < 0) {
      this.host.reportError(`No plugin "${id}" to remove: ${this.runners.length ? `the plugins are ${this.runners.map((r) => r.checked.id).join(', ')}` : 'no plugin was added'}.`);
      return;
    }
    const [runner] = this.runners.splice(index, 1);
    runner.remove();
    this.publish();
  }

  /** Switches a plugin on or off (its switch in the layers panel). */
  toggle(id: string): void {
    const runner = this.runners.find((r) => r.checked.id === id);
    if (!runner) return;
    runner.setEnabled(!runner.entry.enabled);
    this.publish();
  }

  /** Tells the running plugins the map's modes (clock, search, view) after one changed. */
  updateModes(): void {
    if (!this.runners.length) return;
    const modes = this.modesNow();
    for (const runner of this.runners) runner.modes(modes);
    this.publish();
  }

  /** Removes every running plugin (when the map is removed). */
  removeAll(): void {
    for (const runner of this.runners.splice(0)) runner.remove();
  }

  private start(checked: CheckedPlugin) {
    const runner = new PluginRunner(checked, this.host.map, this.modesNow(), this.host.reportError);
    if (!runner.added) return;
    this.runners.push(runner);
    this.publish();
  }

  private modesNow(): MapModes {
    const { clockMode, searchMode, viewMode } = this.host.store().getState();
    return { clockMode, searchMode, viewMode };
  }

  /** Puts the plugins' entries (name, icon, enabled, visible) in the store for the layers panel. */
  private publish() {
    this.host.store().getState().setPlugins(this.runners.map((r) => r.entry));
  }
}
