import { withSharedChecks } from '../../../../checks/index.ts';
import { HttpClient } from '../../../../client/http-client.ts';
import { ruleTestFor } from '../../../../engine/rule-test.ts';
import { checks, throwawayRules } from '../family.ts';

const ruleTest = ruleTestFor(throwawayRules, withSharedChecks(checks));

ruleTest('throwaway.ping.status', async ({ run, check }) => {
  const { baseUrl } = run.target.families.throwaway as { baseUrl: string };
  const http = new HttpClient({ timeoutMs: run.target.client.timeoutMs });
  try {
    return check(await http.send({ method: 'GET', url: `${baseUrl}/ping` }));
  } finally {
    await http.close();
  }
});
