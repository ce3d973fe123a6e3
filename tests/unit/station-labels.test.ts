import { describe, expect, it } from 'vitest';
import { LABEL_SPREAD_PX, labelPosition, type StationLabel } from '../../src/layers/station-labels.ts';
import type { StationAnchor } from '../../src/layers/station-geometry.ts';

const anchor = (lng: number, lat: number): StationAnchor => ({ shape: 0, station: 0, lng, lat, vx: 0, vy: 0, vz: 0, underground: false, lines: 1 });
const label = (members: StationAnchor[]): StationLabel => ({
  text: 'Tokyo',
  lng: members.reduce((s, m) => s + m.lng, 0) / members.length,
  lat: members.reduce((s, m) => s + m.lat, 0) / members.length,
  vx: 0,
  vy: 0,
  vz: 0,
  members: members.length > 1 ? members : [],
  priority: 10,
  underground: false,
  position: [0, 0, 0],
});
const place = (a: { lng: number; lat: number }) => [a.lng, a.lat, 0] as [number, number, number];

describe('where a station name goes', () => {
  const members = [anchor(0, 0), anchor(10, 0)];
  it('stays at the centre of its shapes while they are close on screen', () => {
    const project = (p: number[]) => [p[0] * (LABEL_SPREAD_PX / 10), p[1]]; // the shapes 60 px apart: 30 px from the centre
    expect(labelPosition(label(members), place, project, [1000, 0])).toEqual([5, 0, 0]);
  });
  it('goes by the shape nearest the view centre when they lie far apart (a big group seen close in)', () => {
    const project = (p: number[]) => [p[0] * 100, p[1]]; // 1000 px apart
    expect(labelPosition(label(members), place, project, [900, 0])).toEqual([10, 0, 0]);
    expect(labelPosition(label(members), place, project, [100, 0])).toEqual([0, 0, 0]);
  });
  it('keeps a single shape\'s name at that shape', () => {
    expect(labelPosition(label([anchor(3, 4)]), place, (p) => [p[0] * 1000, p[1] * 1000], [0, 0])).toEqual([3, 4, 0]);
  });
});
