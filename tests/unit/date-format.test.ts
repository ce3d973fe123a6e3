import { describe, expect, it } from 'vitest';
import { dateFormat, type DateFields } from '../../src/ui/i18n/date-format.ts';

const CLOCK_DATE: DateFields = { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' };
const CLOCK_TIME: DateFields = { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', second: '2-digit' };
const UPDATED: DateFields = { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };
const INSTANTS = ['2026-11-24T23:00:00Z', '2026-01-04T15:05:09Z', '2026-06-30T14:59:59Z', '2026-03-01T00:00:00Z'].map((t) => new Date(t));

describe('dateFormat', () => {
  it('writes Nepali dates as ICU does when the browser lacks the names (Node has them: the reference)', () => {
    const lacking = () => false;
    for (const fields of [CLOCK_DATE, CLOCK_TIME, UPDATED]) {
      const ours = dateFormat('ne', fields, lacking);
      const icu = new Intl.DateTimeFormat('ne', { ...fields, hourCycle: fields.hour ? 'h23' : undefined });
      for (const instant of INSTANTS) expect(ours.format(instant), `${JSON.stringify(fields)} at ${instant.toISOString()}`).toBe(icu.format(instant));
    }
  });

  it('uses the Gregorian year in Thai (the date editor shows it too), and the browser where it has the names', () => {
    expect(dateFormat('th', CLOCK_DATE).format(INSTANTS[0])).toContain('2026');
    expect(dateFormat('th', CLOCK_DATE).format(INSTANTS[0])).not.toContain('2569');
    expect(dateFormat('ja', CLOCK_DATE).format(INSTANTS[0])).toBe('2026年11月25日(水)');
    expect(dateFormat('en', CLOCK_TIME).format(INSTANTS[0])).toBe('08:00:00');
  });
});
