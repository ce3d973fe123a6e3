import { describe, expect, it } from 'vitest';
import { lightColorOf, mt3dLanguage } from '../../src/api/mt3d-compat.ts';
import { ObjectTracking, type TrackedObject } from '../../src/api/mt3d-tracking.ts';

describe("Mini Tokyo 3D's small members", () => {
  it("map.lang uses Mini Tokyo 3D's codes", () => {
    expect(mt3dLanguage('pt-BR')).toBe('pt');
    expect(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'th', 'ne', 'fr', 'es', 'de'].map(mt3dLanguage)).toEqual(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'th', 'ne', 'fr', 'es', 'de']);
  });

  it('getLightColor gives channels 0–1: white by full day, dimmed to 0.4 at night', () => {
    expect(lightColorOf({ color: '#ffffff', intensity: 1 })).toEqual({ r: 1, g: 1, b: 1 });
    expect(lightColorOf({ color: '#ffffff', intensity: 0 })).toEqual({ r: 0.4, g: 0.4, b: 0.4 });
    expect(lightColorOf({ color: '#ff8000', intensity: 1 })).toEqual({ r: 1, g: 0.502, b: 0 });
  });

  it('trackObject selects a plugin object, ends it on another selection or with no argument, and passes map ids on', () => {
    const events: string[] = [];
    const tracking = new ObjectTracking({
      select: (id) => events.push(`select ${id}`),
      deselect: () => events.push('deselect'),
      fire: (type, data: TrackedObject) => events.push(`${type} ${String(data.id)} ${data.selectionType}`),
    });
    const cam = { id: 'cam-1', selectionType: 'livecam' };
    tracking.track(cam);
    tracking.track({ ...cam }); // the same object again: nothing
    tracking.track({ id: 'cam-2', selectionType: 'livecam' });
    tracking.end(); // the map selected something of its own
    tracking.track(); // nothing of the plugin's: the map's own selection ends
    tracking.track({ type: 'train', id: 'JR-East.Yamanote.400G' });
    expect(events).toEqual([
      'deselect', 'selection cam-1 livecam',
      'deselection cam-1 livecam', 'deselect', 'selection cam-2 livecam',
      'deselection cam-2 livecam',
      'deselect',
      'select JR-East.Yamanote.400G',
    ]);
  });
});
