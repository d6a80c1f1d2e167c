import { generateKeyPair, SignJWT } from 'jose';

/**
 * Signed JWTs for proofOfIntent, made once per session with a key of the harness's own: the document does
 * not say whose key signs it nor what it claims, so only "a signed JWT" is kept. ES256 and RS256 both.
 */
export async function signedProofs(): Promise<string[]> {
  const proofs: string[] = [];
  for (const alg of ['ES256', 'RS256'] as const) {
    const { privateKey } = await generateKeyPair(alg, alg === 'RS256' ? { modulusLength: 2048 } : {});
    for (const intent of ['purchase', 'subscription']) {
      proofs.push(
        await new SignJWT({ intent, amount: '42.00' })
          .setProtectedHeader({ alg, typ: 'JWT' })
          .setIssuedAt()
          .setSubject('harness-consumer')
          .sign(privateKey),
      );
    }
  }
  return proofs;
}
