/**
 * Both local ODPT hosts for unit tests, each enforcing its own fake key and
 * serving the fixtures of the host it stands in for.
 */
import { CHALLENGE_HOST_FIXTURES, ODPT_HOST_FIXTURES } from './odpt-fixtures.ts';
import { startOdptServer, type OdptServerHandle } from './odpt-server.ts';

/** Fake consumer keys the local hosts accept. */
export const ODPT_KEY = 'odptkey0123456789abcdef';
export const CHALLENGE_KEY = 'challengekey9876543210fedcba';

/** The two running hosts. */
export interface OdptHosts {
  main: OdptServerHandle;
  challenge: OdptServerHandle;
  /** Puts both back to normal answers, their own keys and fixtures, and forgets the requests seen. */
  reset(): void;
  close(): Promise<void>;
}

export async function startOdptHosts(): Promise<OdptHosts> {
  const main = await startOdptServer({ key: ODPT_KEY, fixtures: ODPT_HOST_FIXTURES });
  const challenge = await startOdptServer({ key: CHALLENGE_KEY, fixtures: CHALLENGE_HOST_FIXTURES });
  return {
    main,
    challenge,
    reset() {
      for (const [server, key, fixtures] of [
        [main, ODPT_KEY, ODPT_HOST_FIXTURES],
        [challenge, CHALLENGE_KEY, CHALLENGE_HOST_FIXTURES],
      ] as const) {
        server.setMode('normal');
        server.setKey(key);
        server.setFixtures(fixtures);
        server.clearRequests();
      }
    },
    close: async () => {
      await Promise.all([main.close(), challenge.close()]);
    },
  };
}
