/**
 * Whether trains run in Tokyo now, for tests of a map on the real clock: between about 01:00 and 04:30 Tokyo time
 * (16:00–19:30 UTC) none do. The window is kept wide (06:00–23:00) so that a test never expects trains at the edges.
 */
export function trainsRunInTokyoNow(now = Date.now()): boolean {
  const tokyoHour = new Date(now + 9 * 3_600_000).getUTCHours();
  return tokyoHour >= 6 && tokyoHour < 23;
}
