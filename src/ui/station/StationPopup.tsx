import { WebMercatorViewport } from '@deck.gl/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { localize } from '../../data/network.ts';
import { stationGroupOf } from '../../data/station-groups.ts';
import { anchorPosition, buildStationGeometry } from '../../layers/station-geometry.ts';
import { hovered, selected } from '../../store.ts';
import { useDataLanguage } from '../use-names.ts';
import { useAppStore, useStoreApi } from '../store-context.ts';
import { trackStyle } from '../track-style.ts';
import { StationIntl } from './StationIntl.tsx';
import { popupLines } from './station-popup-lines.ts';
import { placePopup } from './popup-placement.ts';
import './station-details.css';

/** A pointed-at station that the camera has carried this far (px) from the pointer no longer has its popup. */
const POINTER_REACH = 30;
/** What the popup must not cover: the clock, the controls and the panels at the bottom. */
const OBSTACLES = '.tt-clock, .tt-controls, [data-testid="station-panel"], [data-testid="tracking-panel"]';

/**
 * Popup of the station under the pointer (or just tapped): its photo when the data has one (a drawn placeholder
 * until it loads, and when it cannot: offline there is no broken image), its names in the data language (the
 * different names of a transfer group together) and every line of its transfer group in the line's colour.
 * It sits above the station (below it near the top edge) and follows it as the camera moves.
 */
export default function StationPopup() {
  return (
    <StationIntl>
      <Popup />
    </StationIntl>
  );
}

function Popup() {
  const intl = useIntl();
  const store = useStoreApi();
  const hover = useAppStore((s) => hovered(s, 'station'));
  const network = useAppStore((s) => s.network);
  const viewState = useAppStore((s) => s.viewState);
  const viewMode = useAppStore((s) => s.viewMode);
  const data = useDataLanguage();
  const element = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  // A tapped station's popup stays until the next touch outside it, or until the station is deselected.
  useEffect(() => {
    if (!hover?.touch) return;
    const close = () => store.getState().endHover('station');
    const onDown = (event: PointerEvent) => {
      if (!element.current?.contains(event.target as Node)) close();
    };
    window.addEventListener('pointerdown', onDown, true);
    const unsubscribe = store.subscribe((s, previous) => selected(previous, 'station') && !selected(s, 'station') && close());
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      unsubscribe();
    };
  }, [hover, store]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- measures the popup after every render; sets the size only when it changed
  useLayoutEffect(() => {
    const box = element.current;
    if (box && (box.offsetWidth !== size.width || box.offsetHeight !== size.height)) setSize({ width: box.offsetWidth, height: box.offsetHeight });
  });

  const tooFar = useRef(false);
  useEffect(() => {
    if (tooFar.current) store.getState().endHover('station');
  });

  if (!hover || !network) return null;
  const meta = network.meta;
  const group = stationGroupOf(meta, hover.station);
  const anchor = buildStationGeometry(network).anchors[hover.shape];
  const container = element.current?.parentElement ?? document.querySelector<HTMLElement>('.tt-app');
  if (!group || !anchor || !container) return null;
  const width = container.clientWidth;
  const height = container.clientHeight;
  const viewport = new WebMercatorViewport({ width, height, ...viewState });
  const [x, y] = viewport.project(anchorPosition(anchor, trackStyle(viewMode), viewState.zoom));
  const onScreen = x >= 0 && y >= 0 && x <= width && y <= height;
  // The camera moved the station away from a still pointer (a flight after a click, keyboard zoom): not pointed at any more.
  tooFar.current = !!hover.pointer && Math.hypot(x - hover.pointer.x, y - hover.pointer.y) > POINTER_REACH;
  if (tooFar.current) return null;

  const { names, lines, thumbnail, japanese } = popupLines(meta, group, hover.station, (t) => localize(t, data), data);
  const title = names.join(' / ');
  const origin = container.getBoundingClientRect();
  const obstacles = [...container.querySelectorAll(OBSTACLES)].map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
  const { left, top } = placePopup({ x, y }, size, { width, height }, obstacles);
  return (
    <div
      ref={element}
      className="tt-station-popup tt-panel"
      role="tooltip"
      data-testid="station-popup"
      style={{ left, top, visibility: onScreen && size.width > 0 ? 'visible' : 'hidden' }}
    >
      {thumbnail ? (
        <StationPhoto key={thumbnail} url={thumbnail} alt={intl.formatMessage({ id: 'stationPopup.photo' }, { name: title })} placeholder={intl.formatMessage({ id: 'stationPopup.noPhoto' })} colors={lines.map((l) => l.color)} />
      ) : (
        <div className="tt-station-popup-stripe" style={{ background: stripe(lines.map((l) => l.color)) }} aria-hidden="true" />
      )}
      <div className="tt-station-popup-body">
        <strong className="tt-station-popup-name" data-testid="station-popup-name">
          {title}
        </strong>
        {japanese && (
          <span className="tt-station-popup-local" lang="ja">
            {japanese}
          </span>
        )}
        <ul className="tt-station-popup-lines" aria-label={intl.formatMessage({ id: 'station.lines' })}>
          {lines.map((line) => (
            <li key={line.railway} data-testid="station-popup-line" data-color={line.color}>
              <span className="tt-line-chip" style={{ background: line.color }} aria-hidden="true" />
              <span>{line.name}</span>
              {names.length > 1 && <span className="tt-station-popup-at">{line.station}</span>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Equal bands of the lines' colours. */
function stripe(colors: string[]): string {
  if (colors.length <= 1) return colors[0] ?? '#888';
  const step = 100 / colors.length;
  return `linear-gradient(90deg, ${colors.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`).join(', ')})`;
}

/** The station's photo over a drawn placeholder; the image shows only once it has loaded (never a broken image). */
function StationPhoto({ url, alt, placeholder, colors }: { url: string; alt: string; placeholder: string; colors: string[] }) {
  const [load, setLoad] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <div className="tt-station-photo" data-testid="station-photo" data-state={load}>
      {load !== 'loaded' && (
        <div className="tt-station-photo-placeholder" role="img" aria-label={placeholder} data-testid="station-photo-placeholder">
          <svg viewBox="0 0 48 32" width="72" height="48" aria-hidden="true">
            <path d="M6 14 24 5l18 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" strokeLinecap="round" />
            <rect x="10" y="14" width="28" height="13" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <rect x="20.5" y="19" width="7" height="8" fill="currentColor" />
            <path d="M2 29.5h44" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span className="tt-station-photo-stripe" style={{ background: stripe(colors) }} />
        </div>
      )}
      {load !== 'failed' && (
        <img
          src={url}
          alt={load === 'loaded' ? alt : ''}
          referrerPolicy="no-referrer"
          decoding="async"
          hidden={load !== 'loaded'}
          onLoad={() => setLoad('loaded')}
          onError={() => setLoad('failed')}
        />
      )}
    </div>
  );
}
