/**
 * Checks of a list of ODPT hosts (see `odpt-config.ts`): what the map's options check in the first view, without
 * the hosts' lists themselves.
 *
 * @module
 */
import type { OdptEndpoint, OdptHostConfig } from './odpt-config.ts';

/** Every endpoint, in request order. */
export const ODPT_ENDPOINTS: readonly OdptEndpoint[] = Object.freeze(['odpt:Train', 'odpt:TrainInformation'] as const);

/** An operator id as the API spells it: letters, digits and `-` (`JR-East`, `jre-is`, `TokyoMetro`). */
const OPERATOR_ID = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/**
 * Checks a host list: unique ids, `http(s)` base URLs ending in `/`, operator
 * ids of the API's form. Returns one precise message per problem (empty when
 * the list is usable).
 */
export function validateHosts(hosts: readonly OdptHostConfig[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  hosts.forEach((host, index) => {
    const where = `ODPT host ${index} ("${host.id}")`;
    if (!host.id) problems.push(`${where}: id is empty.`);
    if (seen.has(host.id)) problems.push(`${where}: id is used by an earlier host too.`);
    seen.add(host.id);
    problems.push(...baseUrlProblems(where, host.baseUrl));
    for (const endpoint of ODPT_ENDPOINTS) {
      for (const operator of host.operators[endpoint] ?? []) {
        if (!OPERATOR_ID.test(operator)) problems.push(`${where}: ${endpoint} operator "${operator}" is not an operator id (letters, digits and "-").`);
      }
    }
  });
  return problems;
}

function baseUrlProblems(where: string, baseUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return [`${where}: base URL "${baseUrl}" is not an absolute URL.`];
  }
  const problems: string[] = [];
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push(`${where}: base URL "${baseUrl}" must use http or https.`);
  if (!baseUrl.endsWith('/')) problems.push(`${where}: base URL "${baseUrl}" must end with "/" (endpoint names are appended to it).`);
  if (url.search || url.hash) problems.push(`${where}: base URL "${baseUrl}" must not have a query or fragment.`);
  return problems;
}
