import { withSharedChecks } from '../../../../checks/index.ts';
import { passed } from '../../../../engine/rule-violation.ts';
import { HttpClient } from '../../../../client/http-client.ts';
import { ruleTestFor } from '../../../../engine/rule-test.ts';
import { checks, pingAnswers } from '../../../families/throwaway/family.ts';
import { judgedElsewhereRules } from '../family.ts';

// What the scan of suites/ forbids, done on purpose: rule-test must report both rules broken.
const ruleTest = ruleTestFor(judgedElsewhereRules, withSharedChecks(checks));

async function ping(baseUrl: string, timeoutMs: number) {
  const http = new HttpClient({ timeoutMs });
  try {
    return await http.send({ method: 'GET', url: `${baseUrl}/ping` });
  } finally {
    await http.close();
  }
}

ruleTest('judged-elsewhere.hand-made-verdict', async ({ run }) => {
  const { baseUrl } = run.target.families['judged-elsewhere'] as { baseUrl: string };
  await ping(baseUrl, run.target.client.timeoutMs);
  return passed();
});

ruleTest('judged-elsewhere.other-check', async ({ run }) => {
  const { baseUrl } = run.target.families['judged-elsewhere'] as { baseUrl: string };
  return pingAnswers(await ping(baseUrl, run.target.client.timeoutMs));
});
