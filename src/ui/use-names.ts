import { useMemo } from 'react';
import { dataLanguageFor, type DataLanguage } from '../data/languages.ts';
import { localize } from '../data/network.ts';
import { useAppStore } from './store-context.ts';

/** Formats minutes of the service day as "HH:MM" on a 24-hour clock (24:10 shows as 00:10). */
export function formatServiceMinutes(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The data language of the interface language: the one station, line and operator names are shown in. */
export function useDataLanguage(): DataLanguage {
  return dataLanguageFor(useAppStore((s) => s.lang));
}

/** Names of network things in the interface language (falling back to English). */
export function useNames() {
  const network = useAppStore((s) => s.network);
  const data = useDataLanguage();
  return useMemo(() => {
    const meta = network?.meta;
    return {
      railway: (i: number) => localize(meta?.railways[i]?.title, data),
      railwayColor: (i: number) => meta?.railways[i]?.color ?? '#888888',
      station: (i: number) => localize(meta?.stations[i]?.title, data),
      trainType: (i: number) => (i >= 0 ? localize(meta?.trainTypes[i]?.title, data) : ''),
      direction: (i: number) => (i >= 0 ? localize(meta?.railDirections[i]?.title, data) : ''),
      text: (t: Partial<Record<string, string>> | undefined) => localize(t, data),
    };
  }, [network, data]);
}
