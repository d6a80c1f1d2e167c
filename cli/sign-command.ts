import { describeExchange } from '../client/evidence.ts';
import { familyHttpClient } from '../client/family-http-client.ts';
import type { OutgoingRequest } from '../client/http-exchange.ts';
import { HarnessError } from '../core/harness-error.ts';
import { isSecretEntryKey, Redactor } from '../core/redaction.ts';
import { familyByName } from '../families/index.ts';
import type { FamilyModule } from '../families/family.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import { curlRequest } from './curl-request.ts';
import { loadTarget } from '../run/target-stage.ts';

/*
 * `harness sign`: a curl line of a signed family's evidence (a loyalty MAC, an exchange signature), sent again with
 * the entry's credentials set afresh: a new ts, nonce and MAC, or a new timestamp and signature, and the API key. What
 * the line carried for them (its $HARNESS_... variables, empty once the shell read them) is replaced; everything else
 * is sent as the line says. Prints the request and the answer, secrets masked.
 */

export interface SignOptions {
  targetsFile: string;
  target?: string;
  family?: string;
  curl: readonly string[];
}

/** Registers every string of a section kept under a secret key (its API key, MAC secret, bearer token ...). */
function secretsOf(value: unknown, redactor: Redactor, key = ''): void {
  if (typeof value === 'string' && isSecretEntryKey(key)) redactor.addSecret(value);
  else if (value && typeof value === 'object')
    for (const [name, inner] of Object.entries(value)) secretsOf(inner, redactor, name);
}

const pathOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '');

/** The family the line is for: the one named, else the signed family whose base URL's path the line's URL is under. */
function familyOf(target: ResolvedTarget, request: OutgoingRequest, named?: string): FamilyModule {
  const sections = target.entry.families as Record<string, { baseUrl?: string } | undefined>;
  const signed = Object.keys(sections)
    .map((name) => familyByName(name))
    .filter((family): family is FamilyModule => family?.signRequest !== undefined);
  if (named !== undefined) {
    const family = signed.find((one) => one.name === named);
    if (family) return family;
    throw new HarnessError(
      'USAGE',
      `--family ${named}: the target ${target.name} has no section of a family that signs its requests`,
      `use one of: ${signed.map((one) => one.name).join(', ') || '(none in this entry)'}`,
    );
  }
  const under = signed.filter((family) => {
    const base = sections[family.name]?.baseUrl;
    return base !== undefined && `${pathOf(request.url)}/`.startsWith(`${pathOf(base)}/`);
  });
  if (under.length === 1) return under[0] as FamilyModule;
  throw new HarnessError(
    'USAGE',
    under.length === 0
      ? `the URL ${request.url} is under no base URL of a signing family of target ${target.name}`
      : `the URL ${request.url} is under the base URLs of ${under.map((one) => one.name).join(' and ')}`,
    `name the family: --family ${signed.map((one) => one.name).join('|') || 'loyalty|exchange'}`,
  );
}

export async function runSign(options: SignOptions): Promise<number> {
  const request = curlRequest(options.curl);
  const { target } = await loadTarget(options.targetsFile, options.target);
  const family = familyOf(target, request, options.family);
  const section = (target.entry.families as Record<string, unknown>)[family.name];
  const redactor = new Redactor();
  secretsOf(section, redactor);
  const signed = await (family.signRequest as NonNullable<FamilyModule['signRequest']>)(section, request);
  const http = familyHttpClient(target.entry.client);
  try {
    const exchange = await http.send(signed);
    const shown = describeExchange(exchange, redactor);
    console.log(`harness sign: ${family.name} credentials set afresh from target ${target.name}\n`);
    console.log(shown.request);
    console.log('');
    console.log(shown.response);
    return exchange.response ? 0 : 1;
  } finally {
    await http.close();
  }
}
