import type { SectionInput } from '../bundle/container.ts';
import type {
  NamedMeta,
  NetworkMeta,
  PieceMeta,
  RailwayMeta,
  StationMeta,
  StationShapeMeta,
} from '../bundle/network-format.ts';
import type { Diagnostics } from './diagnostics.ts';
import { cumulativeLengths, lngLatToMercator, nearestPoint, samePolyline, type TrackVertex } from './polyline.ts';
import { buildRailwayGeometries, GEOMETRY_ZOOMS, type RailwayGeometry, ZOOM_UNBOUNDED } from './railway-geometry.ts';
import type { SourceData } from './source.ts';
import type { SourceTitled } from './source-types.ts';
import { encodeVertices } from './vertex-sections.ts';

/** The network part of the bundle, ready to be written, plus lookups the timetable step needs. */
export interface BuiltNetwork {
  meta: NetworkMeta;
  sections: Record<string, SectionInput>;
  railwayIndex: Map<string, number>;
  stationIndex: Map<string, number>;
  trainTypeIndex: Map<string, number>;
  directionIndex: Map<string, number>;
  vehicleIndex: Map<string, number>;
}

const indexById = <T extends { id: string }>(items: T[]) => new Map(items.map((item, i) => [item.id, i]));
const named = (items: SourceTitled[]): NamedMeta[] => items.map(({ id, title }) => ({ id, title }));

/** The variant of a railway valid at `zoom`. */
function variantAt(geometry: RailwayGeometry, zoom: number) {
  return geometry.variants.find((v) => v.minZoom <= zoom && zoom < v.maxZoom) ?? geometry.variants[0];
}

/**
 * Builds the network bundle from checked source records. Records that point at
 * something unknown are skipped (or the bad reference dropped) with a warning.
 */
export function buildNetwork(source: SourceData, diags: Diagnostics): BuiltNetwork {
  const geometries = buildRailwayGeometries(source.geometry, diags);
  const directionIndex = indexById(source.railDirections);
  const railwayIds = new Set(source.railways.map((r) => r.id));

  // Stations: drop those that name a railway that does not exist at all.
  const stations = source.stations.filter((s) => {
    if (s.railway !== undefined && !railwayIds.has(s.railway)) {
      diags.warn({ file: 'stations.json', record: s.id, field: 'railway', message: `refers to unknown railway "${s.railway}"; station skipped` });
      return false;
    }
    return true;
  });
  const stationById = new Map(stations.map((s) => [s.id, s]));

  // Railways: need geometry, known directions and stations with coordinates on this railway.
  const railways = source.railways.filter((r) => {
    const warn = (field: string, message: string) => diags.warn({ file: 'railways.json', record: r.id, field, message: `${message}; railway skipped` });
    if (!geometries.has(r.id)) return warn('id', 'has no track geometry in coordinates.json'), false;
    for (const [i, id] of r.stations.entries()) {
      const station = stationById.get(id);
      if (!station) return warn(`stations[${i}]`, `refers to unknown station "${id}"`), false;
      if (!station.coord) return warn(`stations[${i}]`, `station "${id}" has no coordinates`), false;
    }
    for (const field of ['ascending', 'descending'] as const) {
      if (!directionIndex.has(r[field])) return warn(field, `refers to unknown rail direction "${r[field]}"`), false;
    }
    return true;
  });
  const railwayIndex = indexById(railways);
  const stationIndex = indexById(stations);
  const exitIndex = indexById(source.poi);

  const pieces: PieceMeta[] = [];
  const trackVertices: TrackVertex[] = [];
  const railwayMetas: RailwayMeta[] = railways.map((r, ri) => {
    const geometry = geometries.get(r.id)!;
    const firstPiece = pieces.length;
    for (const piece of geometry.pieces) {
      pieces.push({ railway: ri, minZoom: piece.minZoom, maxZoom: piece.maxZoom, start: trackVertices.length, count: piece.vertices.length });
      trackVertices.push(...piece.vertices);
    }
    return {
      id: r.id,
      title: r.title,
      color: r.color.toUpperCase(),
      stations: r.stations.map((id) => stationIndex.get(id)!),
      ascending: directionIndex.get(r.ascending)!,
      descending: directionIndex.get(r.descending)!,
      carComposition: r.carComposition ?? 10,
      dynamic: !!r.dynamic,
      underground: (r.altitude ?? 0) < 0,
      loop: geometry.loop,
      variants: geometry.variants.map((variant) => {
        const lengths = cumulativeLengths(variant.route);
        const length = lengths[lengths.length - 1];
        const stationOffsets = r.stations.map((id, i) => {
          // The loop's last entry is its first station again, one whole lap on.
          if (geometry.loop && i === r.stations.length - 1) {
            const [x, y] = lngLatToMercator(...stationById.get(r.stations[0])!.coord!);
            return round1(nearestPoint(variant.route, x, y).location + length);
          }
          const [x, y] = lngLatToMercator(...stationById.get(id)!.coord!);
          return round1(nearestPoint(variant.route, x, y).location);
        });
        return { minZoom: variant.minZoom, maxZoom: variant.maxZoom, pieces: variant.pieces.map((p) => p + firstPiece), stationOffsets, length: round1(length) };
      }),
    };
  });

  const stationMetas: StationMeta[] = stations.map((s) => {
    const exits = (s.exit ?? []).filter((id, i) => {
      if (exitIndex.has(id)) return true;
      diags.warn({ file: 'stations.json', record: s.id, field: `exit[${i}]`, message: `refers to unknown exit "${id}"; exit dropped` });
      return false;
    });
    let alternate: number | undefined;
    if (s.alternate !== undefined) {
      alternate = stationIndex.get(s.alternate);
      if (alternate === undefined) diags.warn({ file: 'stations.json', record: s.id, field: 'alternate', message: `refers to unknown station "${s.alternate}"; link dropped` });
    }
    return {
      id: s.id,
      railway: s.railway !== undefined ? (railwayIndex.get(s.railway) ?? -1) : -1,
      title: s.title,
      ...(s.utitle ? { utitle: s.utitle } : {}),
      ...(s.coord ? { coord: [s.coord[0], s.coord[1]] as [number, number] } : {}),
      altitude: s.altitude ?? 0,
      exits: exits.map((id) => exitIndex.get(id)!),
      ...(s.thumbnail ? { thumbnail: s.thumbnail } : {}),
      ...(alternate !== undefined ? { alternate } : {}),
      shape: -1,
    };
  });

  const { shapes, groups, points } = buildStationShapes(source.stationGroups, stationMetas, stationIndex, railwayMetas, geometries, diags);

  const meta: NetworkMeta = {
    builtAt: new Date().toISOString(),
    sourceModified: new Date(source.lastModified).toISOString(),
    railways: railwayMetas,
    pieces,
    stations: stationMetas,
    shapes,
    groups,
    trainTypes: named(source.trainTypes),
    trainVehicles: source.trainVehicles.map((v) => ({ id: v.id, colors: typeof v.color === 'string' ? [v.color] : v.color })),
    railDirections: named(source.railDirections),
    operators: source.operators.map((o) => ({ id: o.id, title: o.title, color: o.color, tailColor: o.tailcolor })),
    airports: source.airports.map((a) => ({ id: a.id, title: a.title, direction: a.direction })),
    flightStatuses: named(source.flightStatuses),
    airways: source.airways.map((a) => ({ id: a.id, color: a.color, coords: a.coords.map(([x, y, z]) => [x, y, z ?? 0] as [number, number, number]) })),
  };

  return {
    meta,
    sections: { ...encodeVertices('track', trackVertices), ...encodeVertices('stationPoint', points) },
    railwayIndex,
    stationIndex,
    trainTypeIndex: indexById(source.trainTypes),
    directionIndex,
    vehicleIndex: indexById(source.trainVehicles),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Physical stations and transfer groups. Every railway station belongs to one
 * shape: those listed together in station-groups.json share one, the rest get
 * their own. Each member is snapped onto its railway's track at every zoom.
 */
function buildStationShapes(
  sourceGroups: string[][][],
  stations: StationMeta[],
  stationIndex: Map<string, number>,
  railways: RailwayMeta[],
  geometries: Map<string, RailwayGeometry>,
  diags: Diagnostics,
) {
  const shapes: StationShapeMeta[] = [];
  const groups: { shapes: number[] }[] = [];
  const points: TrackVertex[] = [];
  const grouped = new Set<number>();

  const addGroup = (members: number[][]) => {
    const group = groups.length;
    const shapeIds: number[] = [];
    for (const memberList of members) {
      const shape = shapes.length;
      // Each member's point on its railway's route at a zoom, found once per route (most routes hold at every zoom).
      const pointAt = memberList.map((si) => {
        const station = stations[si];
        const geometry = geometries.get(railways[station.railway].id)!;
        const [x, y] = lngLatToMercator(...station.coord!);
        const byRoute = new Map<TrackVertex[], TrackVertex>();
        return (zoom: number) => {
          const { route } = variantAt(geometry, zoom);
          let point = byRoute.get(route);
          if (!point) byRoute.set(route, (point = nearestPoint(route, x, y).vertex));
          return point;
        };
      });
      const perZoom = GEOMETRY_ZOOMS.map((zoom) => pointAt.map((at) => at(zoom)));
      const variants: StationShapeMeta['variants'] = [];
      let runStart = 0;
      for (let i = 1; i <= GEOMETRY_ZOOMS.length; i++) {
        if (i < GEOMETRY_ZOOMS.length && samePolyline(perZoom[i], perZoom[runStart])) continue;
        variants.push({
          minZoom: runStart === 0 ? 0 : GEOMETRY_ZOOMS[runStart],
          maxZoom: i >= GEOMETRY_ZOOMS.length ? ZOOM_UNBOUNDED : GEOMETRY_ZOOMS[i],
          start: points.length,
          count: memberList.length,
        });
        points.push(...perZoom[runStart]);
        runStart = i;
      }
      memberList.forEach((si) => {
        stations[si].shape = shape;
        grouped.add(si);
      });
      shapes.push({ stations: memberList, group, underground: stations[memberList[0]].altitude < 0, variants });
      shapeIds.push(shape);
    }
    if (shapeIds.length) groups.push({ shapes: shapeIds });
  };

  sourceGroups.forEach((group, gi) => {
    const members = group
      .map((list) =>
        list.filter((id, i) => {
          const si = stationIndex.get(id);
          if (si === undefined) {
            diags.warn({ file: 'station-groups.json', record: `#${gi}`, field: `[${i}]`, message: `refers to unknown station "${id}"; member dropped` });
            return false;
          }
          if (stations[si].railway < 0 || grouped.has(si)) return false;
          return true;
        }).map((id) => stationIndex.get(id)!),
      )
      .filter((list) => list.length > 0);
    addGroup(members);
  });
  for (const railway of railways) {
    for (const si of railway.stations) if (!grouped.has(si)) addGroup([[si]]);
  }
  return { shapes, groups, points };
}
