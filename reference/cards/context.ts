import type { ServerResponse } from 'node:http';
import type { CardsBehaviour } from './behaviour.ts';
import { replyJson } from '../http-io.ts';
import type { CardState, CardsState } from './state.ts';

/** What every handler of the cards reference works with. */
export class CardsContext {
  /** The card an unenrolment notified about (only a mutant sends one). */
  notifiedCardId: string | undefined;
  /** Cards kept by the operations the behaviour says cache them (none in the reference), served first by GET card. */
  readonly cardCache = new Map<string, CardState>();

  constructor(
    readonly behaviour: CardsBehaviour,
    readonly state: CardsState,
    readonly token: string,
    /** Whether the partner signed up for mobile wallet provisioning (the reference's mode). */
    readonly walletProvisioning: boolean,
  ) {}

  replyError(res: ServerResponse, status: number, operation: string, code: string, message: string): void {
    replyJson(res, status, this.behaviour.errorBody(status, operation, code, message), {
      'content-type': this.behaviour.errorContentType(status),
    });
  }

  /**
   * The card, card user or account an id names, or the error already answered: the malformed-id status (400) when
   * malformed, the
   * unknown-id status when absent.
   */
  lookup<T>(res: ServerResponse, operation: string, id: string, find: (id: string) => T | undefined): T | undefined {
    if (!this.behaviour.wellFormedId(id, operation)) {
      this.replyError(res, this.behaviour.malformedIdStatus(operation), operation, 'INVALID_ID', 'the id is malformed');
      return undefined;
    }
    const found = find(id);
    if (found === undefined)
      this.replyError(res, this.behaviour.unknownIdStatus(operation), operation, 'NOT_FOUND', 'no such resource');
    return found;
  }
}
