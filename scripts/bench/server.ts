import type { AddressInfo } from 'node:net';
import type { ProjectPaths } from '../config.ts';
import { createAppServer } from '../static-server.ts';

/** The app server of `npm start`, listening on a random port of this process. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:41234/` */
  origin: string;
  close(): Promise<void>;
}

/** Starts {@link createAppServer} on port 0 (a free port chosen by the system) on `paths.host`. */
export async function startAppServer(paths: ProjectPaths): Promise<RunningServer> {
  const server = createAppServer(paths);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, paths.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = paths.host.includes(':') ? `[${paths.host}]` : paths.host;
  return {
    origin: `http://${host}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
