/**
 * shapes.txt: the paths vehicles travel, as polylines with distances.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { coordinateField, integerField } from './field-values.ts';
import type { GtfsShape } from './feed-model.ts';
import { GtfsError, where } from './gtfs-error.ts';
import { cumulativeDistances } from './shape-geometry.ts';

const FILE = 'shapes.txt';

/** Points of one shape while reading: sequence, lng, lat triples in file order. */
interface PendingShape {
  points: number[];
  lines: number[];
  sorted: boolean;
}

/**
 * The shapes of shapes.txt, points in shape_pt_sequence order, and their indexes by id.
 * @throws GtfsError for a missing or bad field, a repeated sequence number within a shape, or a shape of one point.
 */
export function readShapes(text: string): { shapes: GtfsShape[]; index: Map<string, number> } {
  const pending = new Map<string, PendingShape>();
  readCsvTable(text, FILE, ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'], (row) => {
    const id = row.require('shape_id');
    const lat = coordinateField(row, 'shape_pt_lat', 90);
    const lng = coordinateField(row, 'shape_pt_lon', 180);
    const sequence = integerField(row, 'shape_pt_sequence');
    let shape = pending.get(id);
    if (!shape) pending.set(id, (shape = { points: [], lines: [], sorted: true }));
    const points = shape.points;
    if (points.length > 0 && points[points.length - 3] >= sequence) shape.sorted = false;
    points.push(sequence, lng, lat);
    shape.lines.push(row.line);
  });
  const shapes: GtfsShape[] = [];
  const index = new Map<string, number>();
  for (const [id, shape] of pending) {
    const coordinates = orderedCoordinates(id, shape);
    index.set(id, shapes.length);
    shapes.push({ id, coordinates, distances: cumulativeDistances(coordinates) });
  }
  return { shapes, index };
}

function orderedCoordinates(id: string, shape: PendingShape): Float64Array {
  const { points, lines } = shape;
  const count = points.length / 3;
  if (count < 2) {
    throw new GtfsError(`${where(FILE, lines[0])}: shape ${JSON.stringify(id)} has only one point (a shape needs two or more).`, { file: FILE, line: lines[0], field: 'shape_id' });
  }
  const order = Array.from({ length: count }, (_, i) => i);
  if (!shape.sorted) order.sort((a, b) => points[3 * a] - points[3 * b]);
  const coordinates = new Float64Array(count * 2);
  order.forEach((point, k) => {
    if (k > 0 && points[3 * point] === points[3 * order[k - 1]]) {
      const line = lines[point];
      throw new GtfsError(`${where(FILE, line)}: shape ${JSON.stringify(id)} has shape_pt_sequence ${points[3 * point]} twice (also line ${lines[order[k - 1]]}).`, { file: FILE, line, field: 'shape_pt_sequence' });
    }
    coordinates[2 * k] = points[3 * point + 1];
    coordinates[2 * k + 1] = points[3 * point + 2];
  });
  return coordinates;
}
