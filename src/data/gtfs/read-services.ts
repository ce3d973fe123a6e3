/**
 * calendar.txt and calendar_dates.txt: on which dates each service runs.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { dateField, enumField } from './field-values.ts';
import type { GtfsService } from './feed-model.ts';
import { GtfsError } from './gtfs-error.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * The services of calendar.txt and calendar_dates.txt (either may be null,
 * not both) and their indexes by service_id.
 * @throws GtfsError for a missing or bad field, a range ending before it starts, a service twice in calendar.txt, or no service at all.
 */
export function readServices(calendar: string | null, calendarDates: string | null): { services: GtfsService[]; index: Map<string, number> } {
  const services: GtfsService[] = [];
  const index = new Map<string, number>();
  const serviceFor = (id: string): GtfsService => {
    const existing = index.get(id);
    if (existing !== undefined) return services[existing];
    const service: GtfsService = { id, weekdays: 0, startDate: '', endDate: '', added: [], removed: [] };
    index.set(id, services.length);
    services.push(service);
    return service;
  };
  if (calendar !== null) {
    readCsvTable(calendar, 'calendar.txt', ['service_id', ...WEEKDAYS, 'start_date', 'end_date'], (row) => {
      const id = row.require('service_id');
      if (index.has(id)) throw row.error('service_id', `service_id ${JSON.stringify(id)} appears twice`);
      const service = serviceFor(id);
      WEEKDAYS.forEach((day, bit) => {
        if (enumField(row, day, [0, 1]) === 1) service.weekdays |= 1 << bit;
      });
      service.startDate = dateField(row, 'start_date');
      service.endDate = dateField(row, 'end_date');
      if (service.endDate < service.startDate) throw row.error('end_date', `end_date ${service.endDate} is before start_date ${service.startDate}`);
    });
  }
  if (calendarDates !== null) {
    readCsvTable(calendarDates, 'calendar_dates.txt', ['service_id', 'date', 'exception_type'], (row) => {
      const service = serviceFor(row.require('service_id'));
      const date = dateField(row, 'date');
      (enumField(row, 'exception_type', [1, 2]) === 1 ? service.added : service.removed).push(date);
    });
  }
  if (services.length === 0) {
    const file = calendar !== null ? 'calendar.txt' : 'calendar_dates.txt';
    throw new GtfsError(`${calendar !== null && calendarDates !== null ? 'calendar.txt and calendar_dates.txt' : file}: no service (no rows).`, { file });
  }
  return { services, index };
}
