import { HttpClient } from '../../../../client/http-client.ts';
import { ruleTestFor } from '../../../../suites/support/rule-test.ts';
import { pingAnswers, throwawayRules } from '../family.ts';

const ruleTest = ruleTestFor(throwawayRules);

ruleTest('throwaway.ping.status', async ({ run }) => {
  const { baseUrl } = run.target.families.throwaway as { baseUrl: string };
  const http = new HttpClient({ timeoutMs: run.target.client.timeoutMs });
  try {
    return pingAnswers(await http.send({ method: 'GET', url: `${baseUrl}/ping` }), 'throwaway.ping.status');
  } finally {
    await http.close();
  }
});
