/// <reference lib="webworker" />
/** Worker entry: serves ODPT requests off the main thread (see {@link serveOdptClient}). */
import { serveOdptClient, type OdptRemoteRequest, type OdptRemoteResponse, type RemotePort } from './odpt-remote.ts';

serveOdptClient(self as unknown as RemotePort<OdptRemoteResponse, OdptRemoteRequest>);
