/**
 * transfers.txt: pairs of stops between which riders change vehicles.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { enumField } from './field-values.ts';

const FILE = 'transfers.txt';

/**
 * Pairs of stop indexes joined by a transfer (transfer types 0–2, and the
 * in-seat types 4 and 5; type 3, "not possible", is left out). Rows between
 * trips or routes without both stops are left out too. Null text gives none.
 * @throws GtfsError naming line and field for an unknown stop or a bad transfer_type.
 */
export function readTransfers(text: string | null, stopIndex: ReadonlyMap<string, number>): [number, number][] {
  const pairs: [number, number][] = [];
  if (text === null) return pairs;
  readCsvTable(text, FILE, ['transfer_type'], (row) => {
    const type = enumField(row, 'transfer_type', [0, 1, 2, 3, 4, 5], 0);
    const fromId = row.get('from_stop_id');
    const toId = row.get('to_stop_id');
    if (type === 3 || fromId === '' || toId === '') return;
    const stop = (column: string, id: string) => {
      const index = stopIndex.get(id);
      if (index === undefined) throw row.error(column, `${column} ${JSON.stringify(id)} is not a stop of stops.txt`);
      return index;
    };
    pairs.push([stop('from_stop_id', fromId), stop('to_stop_id', toId)]);
  });
  return pairs;
}
