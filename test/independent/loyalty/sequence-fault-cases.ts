import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type DocumentNetworkChoices, type SequenceFaults, startDocumentNetwork } from './document-network.ts';

const secrets = {
  LTY_API_KEY: 'network-app-key-1',
  LTY_MAC_SECRET: 'network-mac-secret-of-the-test',
  LTY_TOKEN: 'network-bearer-token-1',
};
const nonceRule = 'loyalty.mac.nonce-reuse';
const orderRule = 'loyalty.transfer.order-id-unique';

/**
 * The independent loyalty network's sequence-only faults: a nonce "different for each request", a requestor_order_id
 * "unique across all time", a simulation's checks ("the order is sent on after validation completes"), each broken only
 * after a particular order of calls.
 */
export const loyaltySequenceFaults: SequenceFaultFamily<SequenceFaults> = {
  family: 'loyalty',
  cases: [
    {
      name: 'notify looks a nonce up only among the nonces notify used',
      ruleId: nonceRule,
      faults: { notifyNoncesApart: true },
    },
    {
      name: 'an order refused for a body field releases its requestor_order_id',
      ruleId: orderRule,
      faults: { refusalReleasesOrderId: true },
    },
    {
      name: 'a requestor_order_id is kept with the amount',
      ruleId: orderRule,
      faults: { orderIdKeptWithAmount: true },
    },
    {
      name: 'a simulated order marks its id as checked, so a real order under it later skips the checks',
      ruleId: 'loyalty.transfer.simulation',
      faults: { simulationPrevalidatesOrder: true },
    },
  ],
  start: (faults) => serve(faults),
  variants: [
    {
      name: 'the other allowed choices (any time fraction, simulations take their id, only POINTS and Issuer, 401, own program codes)',
      start: () =>
        serve(
          {},
          {
            anyTimeFraction: true,
            simulationTakesOrderId: true,
            onlyAlwaysUsedValues: true,
            credentialsRefusedWith401: true,
            ownProgramCodes: true,
          },
        ),
    },
  ],
};

async function serve(faults: SequenceFaults, choices: DocumentNetworkChoices = {}) {
  const network = await startDocumentNetwork(
    {
      apiKey: secrets.LTY_API_KEY,
      macId: 'network-client-7',
      macSecret: secrets.LTY_MAC_SECRET,
      bearerToken: secrets.LTY_TOKEN,
      choices,
    },
    faults,
  );
  const loyalty = {
    baseUrl: network.baseUrl,
    apiKey: '${LTY_API_KEY}',
    mac: { id: 'network-client-7', secret: '${LTY_MAC_SECRET}', encoding: 'hex', windowMs: network.windowMs },
    bearerToken: '${LTY_TOKEN}',
    mandatoryDemographics: network.mandatoryDemographics,
    programCodes: network.programCodes,
  };
  return { entry: { kind: 'url' as const, families: { loyalty } }, env: secrets, close: () => network.close() };
}
