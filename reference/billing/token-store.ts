import { randomBytes } from 'node:crypto';

/** Issued bearer tokens, in memory. A token is valid until it expires, for any number of uses. */

export interface IssuedToken {
  readonly value: string;
  readonly clientId: string;
  /** Entities the token may act for: all of the tenant's, one, or none when multi-entity is off. */
  readonly entityIds: readonly string[];
  readonly expiresAt: number;
  /** Successful authentications so far. */
  uses: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();
  private newest: IssuedToken | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  issue(clientId: string, entityIds: readonly string[], ttlSeconds: number, revokeEarlier = false): IssuedToken {
    this.dropExpired();
    if (revokeEarlier)
      for (const [value, token] of this.tokens) if (token.clientId === clientId) this.tokens.delete(value);
    // 30 random bytes -> 40 url-safe characters: opaque and unguessable.
    const token: IssuedToken = {
      value: randomBytes(30).toString('base64url'),
      clientId,
      entityIds,
      expiresAt: this.now() + ttlSeconds * 1000,
      uses: 0,
    };
    this.tokens.set(token.value, token);
    this.newest = token;
    return token;
  }

  /** The live token with this value; expired tokens are forgotten on sight. */
  find(value: string): IssuedToken | undefined {
    const token = this.tokens.get(value);
    if (token && token.expiresAt <= this.now()) {
      this.tokens.delete(value);
      return undefined;
    }
    return token;
  }

  /** The most recently issued token if still live (only faulty variants use this). */
  latest(): IssuedToken | undefined {
    return this.newest && this.find(this.newest.value);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [value, token] of this.tokens) if (token.expiresAt <= now) this.tokens.delete(value);
  }
}
