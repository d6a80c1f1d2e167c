import { afterAll, expect, test } from 'vitest';
import type { RuleId } from '../../../rules/rule-id.ts';
import { startDocumentBilling, type DocumentBilling } from './document-service.ts';
import { runCli, writeTargets } from '../../support/run-harness-cli.ts';

/*
 * Billing rules against a service written from document 1, not from the reference
 * (test/independent/billing/document-service.ts). The header rules are tried at both edges: a Svc-Track-Id of
 * exactly 64 characters and an Idempotency-Key of exactly 255 are accepted, and one more is refused. The
 * service serves the token, charge and product operations and nothing more: no gzip, no rate limit, no
 * tenant modes and no pricing by rate card. So the run covers every rule about what it serves, the stateful phases
 * of the update and replay rules included (sequence-faults.test.ts gives it faults only they find).
 */

const servedRules: RuleId[] = [
  'billing.headers.track_id.length',
  'billing.headers.track_id.charset',
  'billing.headers.track_id.echo',
  'billing.headers.idempotency_key.length',
  'billing.headers.idempotency_key.replay',
  'billing.headers.idempotency_key.concurrent',
  'billing.token.client_id.length',
  'billing.token.client_secret.length',
  'billing.token.grant_type.enum',
  'billing.token.fields.required',
  'billing.token.entity_ids.uuid',
  'billing.token.forbidden_headers',
  'billing.token.issue',
  'billing.token.reusable',
  'billing.catalog.auth.missing',
  'billing.catalog.auth.invalid',
  'billing.catalog.status.documented',
  'billing.charges.create',
  'billing.charges.update.body_identifies',
  'billing.charges.update.rate_cards',
  'billing.charges.query.rate_card_match',
  'billing.charges.query.default_fallback',
  'billing.charges.query.no_side_effects',
  'billing.bodies.json',
  'billing.products.create',
  'billing.products.plans.required',
  'billing.products.auth',
  'billing.compression.response_under_threshold',
];
const secrets = {
  SERVICE_CLIENT_ID: 'a1b2c3d4-0000-4000-8000-00000000c11e',
  SERVICE_CLIENT_SECRET: 'service-secret-of-the-test',
};
let service: DocumentBilling | undefined;
afterAll(() => service?.close());

test('a billing service written to the document passes every rule about the operations it serves, the header rules at both edges', async () => {
  service = await startDocumentBilling({
    clientId: secrets.SERVICE_CLIENT_ID,
    clientSecret: secrets.SERVICE_CLIENT_SECRET,
  });
  const targets = writeTargets({
    service: {
      kind: 'url',
      families: {
        billing: {
          baseUrl: service.baseUrl,
          credentials: { clientId: '${SERVICE_CLIENT_ID}', clientSecret: '${SERVICE_CLIENT_SECRET}' },
        },
      },
    },
  });
  const result = await runCli(
    [
      'run',
      '--targets',
      targets,
      '--target',
      'service',
      '--suite',
      'billing',
      ...servedRules.flatMap((rule) => ['--rule', rule]),
      '--seed',
      '23',
      '--runs',
      '10',
      '--workers',
      '1',
    ],
    secrets,
  );
  const rules = result.summary().rules;
  const output = result.stdout.slice(-4000);
  expect(rules.map((rule) => rule.ruleId).sort(), output).toEqual([...servedRules].sort());
  expect(
    rules.filter((rule) => rule.status !== 'passed').map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    output,
  ).toEqual([]);
  // PUT refused a missing token with 400, which its document row lists for "unauthorized"; the POSTs with 401.
  expect(
    rules.find((rule) => rule.ruleId === 'billing.catalog.auth.missing')?.observations?.['statuses without a token'],
  ).toMatch(/PUT \/commerce\/charges: 400/);
  expect(result.code, output).toBe(0);
});

test('a multi-org service refusing an inaccessible org with 401 (the document says only that the operation fails) passes the org rule', async () => {
  const multiOrg = await startDocumentBilling({
    clientId: secrets.SERVICE_CLIENT_ID,
    clientSecret: secrets.SERVICE_CLIENT_SECRET,
    accessibleOrgs: ['org-a', 'org-b'],
  });
  try {
    const billing = {
      baseUrl: multiOrg.baseUrl,
      credentials: { clientId: '${SERVICE_CLIENT_ID}', clientSecret: '${SERVICE_CLIENT_SECRET}' },
      tenant: { multiOrg: true, accessibleOrgs: ['org-a'], inaccessibleOrgs: ['org-z'] },
    };
    const targets = writeTargets({ service: { kind: 'url', families: { billing } } });
    const result = await runCli(
      [
        'run',
        '--targets',
        targets,
        '--target',
        'service',
        '--rule',
        'billing.headers.org_ids.accessible',
        '--seed',
        '23',
        '--runs',
        '5',
        '--workers',
        '1',
      ],
      secrets,
    );
    const rule = result.summary().rules.find((one) => one.ruleId === 'billing.headers.org_ids.accessible');
    expect(`${rule?.status} ${rule?.message ?? ''}`, result.stdout.slice(-3000)).toBe('passed ');
    expect(rule?.observations?.['statuses for an inaccessible org']).toBe('401');
  } finally {
    await multiOrg.close();
  }
});

test('a service making the other choices the document leaves open passes: 422 where no refusal status is shown, rate-card rows kept beside those an update brings, several orgs named', async () => {
  const other = await startDocumentBilling({
    clientId: secrets.SERVICE_CLIENT_ID,
    clientSecret: secrets.SERVICE_CLIENT_SECRET,
    accessibleOrgs: ['org-a', 'org-b', 'org-c'],
    refusalStatusNotShown: 422,
    updateKeepsFormerRows: true,
  });
  const rules: RuleId[] = [
    'billing.token.client_id.length',
    'billing.token.fields.required',
    'billing.token.forbidden_headers',
    'billing.headers.track_id.length',
    'billing.headers.idempotency_key.length',
    'billing.headers.org_ids.several',
    'billing.products.plans.required',
    'billing.charges.update.rate_cards',
  ];
  try {
    const billing = {
      baseUrl: other.baseUrl,
      credentials: { clientId: '${SERVICE_CLIENT_ID}', clientSecret: '${SERVICE_CLIENT_SECRET}' },
      tenant: { multiOrg: true, accessibleOrgs: ['org-a', 'org-b', 'org-c'], inaccessibleOrgs: ['org-z'] },
    };
    const targets = writeTargets({ service: { kind: 'url', families: { billing } } });
    const result = await runCli(
      [
        ...['run', '--targets', targets, '--target', 'service', ...rules.flatMap((rule) => ['--rule', rule])],
        ...['--seed', '23', '--runs', '5', '--workers', '1'],
      ],
      secrets,
    );
    const judged = result.summary().rules;
    const output = result.stdout.slice(-3000);
    expect(judged.map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message ?? ''}`.trim()).sort(), output).toEqual(
      rules.map((rule) => `${rule}: passed`).sort(),
    );
    expect(judged.find((rule) => rule.ruleId === 'billing.products.plans.required')?.observations).toMatchObject({
      'rejection status': '422',
    });
    expect(
      judged.find((rule) => rule.ruleId === 'billing.charges.update.rate_cards')?.observations?.[
        'rows the charge had, after an update of its rate cards'
      ],
    ).toMatch(/kept/);
  } finally {
    await other.close();
  }
});
