/** How one request is signed: by default now, with the section's key and secret, over what is sent. */
export interface RequestSigning {
  /** Epoch ms of the timestamp header (default: now on the run's clock). */
  atMs?: number;
  apiKey?: string;
  /** Signs with another secret. */
  secret?: string;
  /** Signs a pre-hash built from other parts than the ones sent. */
  signedParts?: { method?: string; path?: string; body?: string; timestamp?: string };
  /** Alters the finished signature (truncation). */
  alterSignature?: (signature: string) => string;
  /** Sends no signature header at all. */
  unsigned?: boolean;
}
