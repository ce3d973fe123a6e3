/**
 * The font of every name the app draws on the map (station names, GTFS stop
 * names, exits): the fonts the interface uses, Japanese ones included.
 */
export const LABEL_FONT_FAMILY = '"Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Microsoft YaHei", sans-serif';
