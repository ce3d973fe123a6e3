/**
 * Dates and times in the interface language, on the Gregorian calendar in every language: the date editor and the
 * timetables are Gregorian, so Thai's default Buddhist era would show another year in the clock than in the editor.
 *
 * A browser may have no date names for a language: Chromium ships none for Nepali and falls back to English. For
 * such a language the names and digits come from the table below (CLDR's), laid out as CLDR's medium pattern.
 *
 * @module
 */

/** The fields a date format here may show (the clock's and the app info's). */
export type DateFields = Pick<Intl.DateTimeFormatOptions, 'timeZone' | 'year' | 'month' | 'day' | 'weekday' | 'hour' | 'minute' | 'second'>;

/** Formats one instant. */
export interface DateFormat {
  format(date: Date): string;
}

interface DateNames {
  /** Short month names, January first. */
  months: readonly string[];
  /** Short weekday names, Sunday first. */
  weekdays: readonly string[];
  /** The digits 0–9. */
  digits: string;
}

/** Names for languages the browser may lack, by language code. */
const NAMES: Readonly<Record<string, DateNames>> = {
  ne: {
    months: ['जनवरी', 'फेब्रुअरी', 'मार्च', 'अप्रिल', 'मे', 'जुन', 'जुलाई', 'अगस्ट', 'सेप्टेम्बर', 'अक्टोबर', 'नोभेम्बर', 'डिसेम्बर'],
    weekdays: ['आइत', 'सोम', 'मङ्गल', 'बुध', 'बिहि', 'शुक्र', 'शनि'],
    digits: '०१२३४५६७८९',
  },
};

const browserHasNames = (locale: string) => Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0;

/**
 * A format of `fields` (with a 24-hour clock) in `locale`, Gregorian. `hasNames` says whether the browser knows the
 * locale's names (a parameter for tests, which run where it does).
 */
export function dateFormat(locale: string, fields: DateFields, hasNames: (locale: string) => boolean = browserHasNames): DateFormat {
  const options: Intl.DateTimeFormatOptions = { ...fields, calendar: 'gregory', ...(fields.hour ? { hourCycle: 'h23' } : {}) };
  const names = NAMES[locale.split('-')[0]];
  if (!names || hasNames(locale)) return new Intl.DateTimeFormat(locale, options);
  const numeric = new Intl.DateTimeFormat('en-US', { ...options, month: fields.month ? 'numeric' : undefined, weekday: undefined });
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: fields.timeZone, weekday: 'short' });
  const digits = (text: string) => text.replace(/[0-9]/g, (d) => names.digits[Number(d)]);
  return {
    format(date) {
      const part = Object.fromEntries(numeric.formatToParts(date).map((p) => [p.type, p.value]));
      const day = [part.year, part.month && names.months[Number(part.month) - 1], part.day].filter(Boolean).join(' ');
      const dayName = fields.weekday ? names.weekdays[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday.format(date))] : '';
      const time = [part.hour, part.minute, part.second].filter(Boolean).join(':');
      return digits([[day, dayName].filter(Boolean).join(', '), time].filter(Boolean).join(', '));
    },
  };
}
