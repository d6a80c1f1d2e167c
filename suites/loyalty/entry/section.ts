import { z } from 'zod';
import { demographicFields, programCodes } from '../../../rules/loyalty/records.ts';

/** Parts of the string the mac signs, in the order the entry gives them; each is followed by a newline. */
export const macStringParts = ['ts', 'nonce', 'method', 'path', 'host', 'port', 'bodyhash'] as const;
export type MacStringPart = (typeof macStringParts)[number];

const demographicsPerProgram = z.record(z.string(), z.array(z.enum(demographicFields)));

/** "The exact strings name the partner and are of the form PARTNER_PROGRAM in upper case with underscores." */
const programCode = z
  .string()
  .regex(/^[A-Z0-9]+(?:_[A-Z0-9]+)+$/, 'a PARTNER_PROGRAM code: upper case with underscores');

/** `families.loyalty` of a target entry: the loyalty network of document 2, part A. */
export const loyaltySectionSchema = z
  .object({
    /** The loyalty base address ({loyalty_base_url}); the three operation paths are relative to it. */
    baseUrl: z.url(),
    /** The application key sent as X-NET-API-KEY; write it as a ${VAR} placeholder. */
    apiKey: z.string().min(1),
    /**
     * The MAC form of Authorization. The document names the five parts and HMAC-SHA256 and leaves the rest
     * open, so the entry sets it; the defaults are the widespread recipe.
     */
    mac: z
      .object({
        /** Client id from onboarding (the `id` part). */
        id: z.string().min(1),
        /** Client secret the HMAC is keyed with; a ${VAR} placeholder. */
        secret: z.string().min(1),
        /**
         * What the mac signs, each part followed by a newline. Default ts, nonce, method, path (with query), host,
         * port, bodyhash.
         */
        signs: z
          .array(z.enum(macStringParts))
          .min(1)
          .default([...macStringParts]),
        /** Hash of the body for `bodyhash`. Default sha256. */
        bodyHashAlgorithm: z.enum(['sha256', 'sha512']).default('sha256'),
        /** Encoding of bodyhash and mac. Default base64. */
        encoding: z.enum(['base64', 'hex']).default('base64'),
        /** How far ts may be from the target's clock, either way. Default 300000 (5 minutes). */
        windowMs: z.number().int().positive().default(300_000),
      })
      .strict()
      .optional(),
    /**
     * The OAuth form: a bearer token got with the client credentials (the exchange is not judged); a ${VAR}
     * placeholder.
     */
    bearerToken: z.string().min(1).optional(),
    /** `sender` header of subscribe and transfer. Default "harness-issuer". */
    sender: z.string().min(1).default('harness-issuer'),
    /** `keyname` header of subscribe and transfer. Default "MK-HARNESS" (high-protection keys begin with MK). */
    keyname: z.string().min(1).default('MK-HARNESS'),
    /** Issuer identification for network_info / network. Default "harness-institution". */
    institutionId: z.string().min(1).default('harness-institution'),
    /**
     * The mandatory demographic fields per partner program (the document gives examples only). Default LAST_NAME for
     * every program.
     */
    mandatoryDemographics: demographicsPerProgram.default({}),
    /**
     * The partner program codes the network accepts for program_code. Document 2 writes its nine codes as placeholders
     * ("partner program codes are written as placeholders"): a real network's codes go here. Default: the document's
     * nine, PROGRAM_AIRLINE_1 to 6 and PROGRAM_HOTEL_1 to 3.
     */
    programCodes: z
      .array(programCode)
      .min(1)
      .default([...programCodes]),
  })
  .strict()
  .refine(
    (section) => Object.keys(section.mandatoryDemographics).every((code) => section.programCodes.includes(code)),
    { message: 'name only program codes of programCodes', path: ['mandatoryDemographics'] },
  )
  .refine((section) => section.mac !== undefined || section.bearerToken !== undefined, {
    message: 'give mac or bearerToken (or both)',
    path: ['mac'],
  })
  // `harness init` writes the required keys, and these, which the refinement above asks for.
  .meta({ initKeys: ['mac', 'bearerToken', 'mandatoryDemographics'] });

export type LoyaltySection = z.infer<typeof loyaltySectionSchema>;

/** The mandatory demographics of a program: the entry's list, else LAST_NAME. */
export function mandatoryDemographicsOf(
  section: Pick<LoyaltySection, 'mandatoryDemographics'>,
  program: string,
): readonly string[] {
  return section.mandatoryDemographics[program] ?? ['LAST_NAME'];
}

export const loyaltyConfigFixes: Record<string, string> = {
  baseUrl: 'give the loyalty base address, e.g. "http://127.0.0.1:8080/loyalty"',
  apiKey: 'write "${YOUR_LOYALTY_API_KEY_VARIABLE}" and export the variable; never put the key in the file',
  mac: 'give { "id": "...", "secret": "${YOUR_MAC_SECRET}" } and, when they differ from the defaults, signs, bodyHashAlgorithm, encoding, windowMs',
  'mac.id': 'the MAC id the network gave you (not a secret: write it into the file)',
  'mac.secret': 'write "${YOUR_MAC_SECRET}" and export the variable; never put the secret in the file',
  'mac.signs': `the parts of the string the mac signs, in order: a list of ${macStringParts.join(', ')}`,
  'mac.bodyHashAlgorithm': 'the hash of the body for bodyhash: "sha256" or "sha512"',
  'mac.encoding': 'the encoding of bodyhash and mac: "base64" or "hex"',
  'mac.windowMs': "how far, in ms, ts may be from the service's clock, either way",
  bearerToken:
    'write "${YOUR_LOYALTY_TOKEN_VARIABLE}" for the bearer form of Authorization; without one, leave the key out (the bearer rules are then not judged)',
  programCodes:
    'list the network\'s program codes, e.g. ["AIRLINE_PROGRAM_ONE", "HOTEL_PROGRAM_TWO"], each in upper case with underscores',
  mandatoryDemographics: `map program codes to field lists, e.g. { "PROGRAM_HOTEL_1": ["LAST_NAME", "EMAIL"] }; fields: ${demographicFields.join(', ')}`,
};
