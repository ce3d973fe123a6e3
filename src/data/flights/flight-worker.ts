/// <reference lib="webworker" />
/** Worker entry: serves flight information requests off the main thread (see {@link serveFlightClient}). */
import type { RemotePort } from '../realtime/odpt-remote.ts';
import { serveFlightClient, type FlightRemoteRequest, type FlightRemoteResponse } from './flight-remote.ts';

serveFlightClient(self as unknown as RemotePort<FlightRemoteResponse, FlightRemoteRequest>);
