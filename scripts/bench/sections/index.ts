import type { BenchSection } from '../types.ts';
import { cameraSection } from './camera.ts';
import { citySection } from './city.ts';
import { flightsSection } from './flights.ts';
import { gtfsSection } from './gtfs.ts';
import { loadSection } from './load.ts';
import { packageSection } from './package.ts';
import { phoneSection } from './phone.ts';
import { rainSection } from './rain.ts';
import { routingSection } from './routing.ts';
import { soakSection } from './soak.ts';
import { trainsSection } from './trains.ts';

/** Every section, in the order they run (opt-in ones only when `--only` names them). Add new sections here. */
export const SECTIONS: readonly BenchSection[] = [loadSection, trainsSection, cameraSection, routingSection, gtfsSection, rainSection, flightsSection, phoneSection, packageSection, citySection, soakSection];
