import { describe, expect, it } from 'vitest';
import { addNotice, dismissNotice } from '../../src/ui/notices/notice-list.ts';

describe('error notices', () => {
  it('stack one notice per data source or plugin, each distinct message once', () => {
    const gtfs = { kind: 'dataSource', id: 'gtfs-1', name: 'https://a.test/g.zp' } as const;
    let list = addNotice([], { ...gtfs, message: 'HTTP 404' });
    list = addNotice(list, { kind: 'plugin', id: 'fireworks', name: 'fireworks', message: 'The onAdd of plugin "fireworks" failed: x' });
    const same = addNotice(list, { ...gtfs, message: 'HTTP 404' });
    expect(same).toBe(list);
    list = addNotice(list, { ...gtfs, message: 'timed out' });
    expect(list.map((n) => [n.key, n.name, n.messages])).toEqual([
      ['dataSource:gtfs-1', 'https://a.test/g.zp', ['HTTP 404', 'timed out']],
      ['plugin:fireworks', 'fireworks', ['The onAdd of plugin "fireworks" failed: x']],
    ]);
    expect(dismissNotice(list, 'dataSource:gtfs-1').map((n) => n.key)).toEqual(['plugin:fireworks']);
  });
});
