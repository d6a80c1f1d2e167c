import type { RefusalDiagnosis, SingleUseProbe } from '../client/refusal-diagnosis.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

const unauthorized = (exchange: Exchange): boolean => exchange.response?.status === 401;
const accepted = (exchange: Exchange): boolean => exchange.response !== undefined && exchange.response.status !== 401;

/**
 * Tells a token that works only once from any other 401. When the session's token is refused, a fresh token
 * is tried twice on a harmless request: accepted the first time and refused the second means the target's
 * tokens are single-use, which billing.token.reusable judges; the rule that met the 401 is blocked by it, not
 * failed. Any other pattern says nothing and the 401 stands for the rule to judge. Tried once per client
 * (one suite file), so a target that refuses every token costs one extra token request per file, not per 401.
 */
export class SingleUseTokenDiagnosis implements RefusalDiagnosis {
  #proof: Promise<readonly Exchange[] | undefined> | undefined;

  constructor(private readonly client: SingleUseProbe) {}

  /**
   * When `refused` (a 401 to the session's token) comes from single-use tokens, the prerequisite billing.token.reusable
   * judges, missing (the engine blocks the rule in progress by it); else undefined.
   */
  async blockFor(refused: Exchange): Promise<PrerequisiteMissing | undefined> {
    if (!unauthorized(refused)) return undefined;
    this.#proof ??= this.#prove();
    const proof = await this.#proof;
    if (!proof) return undefined;
    return new PrerequisiteMissing(
      ['billing.token.reusable'],
      'the session token was refused (401) after it had been used, while a fresh token was accepted once and refused on its second use',
      [refused, ...proof],
    );
  }

  async #prove(): Promise<readonly Exchange[] | undefined> {
    const token = await this.client.freshToken().catch(() => undefined);
    if (token === undefined) return undefined;
    const first = await this.client.probe(token);
    if (!accepted(first)) return undefined;
    const second = await this.client.probe(token);
    return unauthorized(second) ? [first, second] : undefined;
  }
}
