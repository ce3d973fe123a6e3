/**
 * Which real-time hosts of the public transportation open data center exist,
 * which access token (secret) each needs, and which operators each serves.
 *
 * This is configuration, not code: the client reads it, tests replace the base
 * URLs with a local server ({@link withBaseUrls}).
 *
 * Sources (read in November 2026, see the notes on each list):
 * - Mini Tokyo 3D's real-time loader (the version using the `odpt` and
 *   `challenge2024` secrets): `odpt:Train` for Toei from api.odpt.org and for
 *   JR-East (Yamanote), Keikyu and Tobu from the challenge host;
 *   `odpt:TrainInformation` for TWR, TokyoMetro, Toei, YokohamaMunicipal, MIR
 *   and TamaMonorail from api.odpt.org and for `jre-is` (JR-East's operation
 *   information), Tokyu, Keikyu, Tobu, Seibu and Keio from the challenge host.
 *   Version 4.0 renamed the challenge secret to `challenge2025` and moved the
 *   host to `https://api-challenge.odpt.org/api/v4/`.
 * - A 2026 third-party client of both hosts, which also measured Keio
 *   `odpt:Train` records on the challenge host and queries JR-East operation
 *   information with `odpt.Operator:jre-is`.
 * - The ODPT v4 filtering rule: several values of one query parameter are an
 *   OR when separated by commas (`odpt:operator=odpt.Operator:A,odpt.Operator:B`),
 *   which Mini Tokyo 3D relies on for both endpoints.
 *
 * Uncertain (see also the report that came with this file):
 * - TokyoMetro `odpt:Train` on api.odpt.org: Mini Tokyo 3D takes Tokyo Metro
 *   positions from its own proxy instead, and the 2026 third-party client does
 *   not request them; the Tokyo Metro data set of the open data center lists
 *   train locations. Listed here; an empty answer costs one operator in a
 *   request that is made anyway for Toei.
 * - JR-East on the challenge host: Mini Tokyo 3D asked only for the Yamanote
 *   line (`odpt:railway=`); this list asks for the whole operator.
 * - Operators with no real-time data found on either host (Odakyu, Sotetsu,
 *   Yurikamome, TokyoMonorail, Keisei, ... ) are absent: they run on
 *   timetables only.
 *
 * @module
 */

/** Names of the secrets that hold a real-time access token (keys of the `secrets` map option). */
export type OdptSecretName = 'odpt' | 'challenge2025';

/**
 * Default tokens compiled in from the build environment (`VITE_ODPT_TOKEN`, `VITE_CHALLENGE2025_TOKEN`): used by
 * the train and flight clients when the page gives no secret; none in a plain build.
 */
export function defaultOdptTokens(): Partial<Record<OdptSecretName, string>> {
  const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};
  const tokens: Partial<Record<OdptSecretName, string>> = {};
  if (env.VITE_ODPT_TOKEN) tokens.odpt = env.VITE_ODPT_TOKEN;
  if (env.VITE_CHALLENGE2025_TOKEN) tokens.challenge2025 = env.VITE_CHALLENGE2025_TOKEN;
  return tokens;
}

// The checks of a host list are a module of their own: the map's options check hosts in the first view, which
// needs none of the hosts' lists here.
export { ODPT_ENDPOINTS, validateHosts } from './odpt-host-checks.ts';

/** The two real-time endpoints the client reads. */
export type OdptEndpoint = 'odpt:Train' | 'odpt:TrainInformation';


/** One API host and what it serves. */
export interface OdptHostConfig {
  /** Short stable id used in messages, status and error de-duplication (`'odpt'`, `'challenge'`). */
  readonly id: string;
  /** Base URL ending in `/api/v4/`; endpoint names are appended to it. */
  readonly baseUrl: string;
  /** The secret whose token is sent as `acl:consumerKey` to this host, and to no other. */
  readonly secret: OdptSecretName;
  /** Operator ids (without `odpt.Operator:`) requested from each endpoint. */
  readonly operators: Readonly<Record<OdptEndpoint, readonly string[]>>;
  /**
   * Operator ids as the host spells them in records, mapped to the operator id
   * of our network (e.g. `jre-is` → `JR-East`).
   */
  readonly operatorAliases: Readonly<Record<string, string>>;
}

/** The main open data center API (`acl:consumerKey` from secret `odpt`). */
export const ODPT_MAIN_HOST: OdptHostConfig = Object.freeze({
  id: 'odpt',
  baseUrl: 'https://api.odpt.org/api/v4/',
  secret: 'odpt',
  operators: Object.freeze({
    'odpt:Train': Object.freeze(['TokyoMetro', 'Toei']),
    'odpt:TrainInformation': Object.freeze(['TokyoMetro', 'Toei', 'TWR', 'YokohamaMunicipal', 'MIR', 'TamaMonorail']),
  }),
  operatorAliases: Object.freeze({}),
});

/** The open data challenge API (`acl:consumerKey` from secret `challenge2025`). */
export const ODPT_CHALLENGE_HOST: OdptHostConfig = Object.freeze({
  id: 'challenge',
  baseUrl: 'https://api-challenge.odpt.org/api/v4/',
  secret: 'challenge2025',
  operators: Object.freeze({
    'odpt:Train': Object.freeze(['JR-East', 'Keikyu', 'Tobu', 'Keio']),
    'odpt:TrainInformation': Object.freeze(['jre-is', 'Tokyu', 'Keikyu', 'Tobu', 'Seibu', 'Keio']),
  }),
  operatorAliases: Object.freeze({ 'jre-is': 'JR-East' }),
});

/** Both hosts, main first. */
export const ODPT_HOSTS: readonly OdptHostConfig[] = Object.freeze([ODPT_MAIN_HOST, ODPT_CHALLENGE_HOST]);


/**
 * The hosts with some base URLs replaced, by host id (tests point them at a
 * local server). Unknown ids are an error, so a typo cannot silently leave a
 * real host in a test.
 *
 * @throws Error naming the unknown host id and the known ones.
 */
export function withBaseUrls(
  overrides: Readonly<Record<string, string>>,
  hosts: readonly OdptHostConfig[] = ODPT_HOSTS,
): OdptHostConfig[] {
  for (const id of Object.keys(overrides)) {
    if (!hosts.some((host) => host.id === id)) {
      throw new Error(`withBaseUrls: unknown host id "${id}"; known ids: ${hosts.map((h) => `"${h.id}"`).join(', ')}.`);
    }
  }
  return hosts.map((host) => (overrides[host.id] === undefined ? host : { ...host, baseUrl: overrides[host.id] }));
}
