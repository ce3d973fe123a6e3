import type { ReactElement } from 'react';

/** Ways up from a platform that the exit data names. */
export type Facility = 'stairs' | 'escalator' | 'elevator' | 'ramp';

export const FACILITIES: readonly Facility[] = ['stairs', 'escalator', 'elevator', 'ramp'];

/** Drawn on a 16 × 16 grid in the text colour. */
const SHAPES: Record<Facility, ReactElement> = {
  stairs: <path d="M1.5 14.5h4v-4h4v-4h4v-4h1" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />,
  escalator: (
    <>
      <path d="M2 13.5h2.8L11.2 5H14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M9 13.5l2.5-3 2.5 3z" fill="currentColor" />
    </>
  ),
  elevator: (
    <>
      <rect x="2.5" y="1.5" width="11" height="13" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 3.8l2.6 3H5.4zM8 12.2l2.6-3H5.4z" fill="currentColor" />
    </>
  ),
  ramp: <path d="M1.5 14h13V6.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />,
};

/** One facility's icon with its name for screen readers and as a tooltip. */
export function FacilityIcon({ facility, label }: { facility: Facility; label: string }) {
  return (
    <svg className="tt-facility" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={label} data-facility={facility}>
      <title>{label}</title>
      {SHAPES[facility]}
    </svg>
  );
}
