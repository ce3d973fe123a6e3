/** Parameters of map markers drawn over everything else, without writing depth (a station's exits, a feed's stops). */
export const ALWAYS_ON_TOP = { depthWriteEnabled: false, depthCompare: 'always' } as const;

/**
 * ScatterplotLayer props of such markers as dots: sizes in pixels, ringed,
 * facing the screen, antialiased, over everything else.
 */
export const SCREEN_DOT_PROPS = {
  radiusUnits: 'pixels',
  lineWidthUnits: 'pixels',
  stroked: true,
  billboard: true,
  antialiasing: true,
  parameters: ALWAYS_ON_TOP,
} as const;
