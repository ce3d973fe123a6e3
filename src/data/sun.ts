import { getTimes } from 'suncalc';

/** Tokyo Station, the reference point for sunrise and sunset. */
export const TOKYO = { lat: 35.6814, lng: 139.767 } as const;

/** True between sunset and sunrise in Tokyo at `date`. */
export function isNightInTokyo(date: Date): boolean {
  const { sunrise, sunset } = getTimes(date, TOKYO.lat, TOKYO.lng);
  if (!sunrise || !sunset) return false;
  return date < sunrise || date >= sunset;
}
